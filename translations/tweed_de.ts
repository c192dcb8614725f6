<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ChannelTitles</name>
    <message>
        <source>Max Distance</source>
        <translation>Max Distance</translation>
    </message>
    <message>
        <source>Backstop Radius</source>
        <translation>Rückhalteradius</translation>
    </message>
    <message>
        <source>Backstop Distance</source>
        <translation>Rückhalteabstand</translation>
    </message>
    <message>
        <source>Stiffness Scale</source>
        <translation>Steifigkeitsfaktor</translation>
    </message>
    <message>
        <source>Damping Scale</source>
        <translation>Dämpfungsfaktor</translation>
    </message>
    <message>
        <source>Wind Scale</source>
        <translation>Windfaktor</translation>
    </message>
    <message>
        <source>Mass Scale</source>
        <translation>Massenfaktor</translation>
    </message>
    <message>
        <source>Physics (on/off)</source>
        <translation>Physik (an/aus)</translation>
    </message>
    <message>
        <source>Latch Master</source>
        <translation>Latch-Master</translation>
    </message>
    <message>
        <source>Latch Slave</source>
        <translation>Latch-Slave</translation>
    </message>
    <message>
        <source>Bend Scale</source>
        <translation>Biegeskala</translation>
    </message>
</context>
<context>
    <name>SimulationSettings</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Solver</source>
        <translation>Löser</translation>
    </message>
    <message>
        <source>Steps per second</source>
        <translation>Schritte pro Sekunde</translation>
    </message>
    <message>
        <source>Fixed internal rate; each frame is split into steps of this rate.</source>
        <translation>Feste interne Rate; jedes Bild wird in Schritte dieser Rate aufgeteilt.</translation>
    </message>
    <message>
        <source>Substeps</source>
        <translation>Unterschritte</translation>
    </message>
    <message>
        <source>Solver substeps per step.</source>
        <translation>Unterschritte des Lösers pro Schritt.</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Constraint iterations per substep.</source>
        <translation>Iterationen der Bedingungen pro Unterschritt.</translation>
    </message>
    <message>
        <source>Gravity scale</source>
        <translation>Schwerkraftfaktor</translation>
    </message>
    <message>
        <source>Forces</source>
        <translation>Kräfte</translation>
    </message>
    <message>
        <source>Multiplies 9.81 m/s^2 downwards.</source>
        <translation>Multipliziert 9,81 m/s^2 nach unten.</translation>
    </message>
    <message>
        <source>Damping</source>
        <translation>Dämpfung</translation>
    </message>
    <message>
        <source>Share of velocity lost per second.</source>
        <translation>Anteil der Geschwindigkeit, der pro Sekunde verloren geht.</translation>
    </message>
    <message>
        <source>Wind drag</source>
        <translation>Windwiderstand</translation>
    </message>
    <message>
        <source>Drag against the wind relative to the cloth.</source>
        <translation>Widerstand gegen den Wind relativ zum Stoff.</translation>
    </message>
    <message>
        <source>Wind lift</source>
        <translation>Windauftrieb</translation>
    </message>
    <message>
        <source>Lift across the wind relative to the cloth.</source>
        <translation>Auftrieb quer zum Wind relativ zum Stoff.</translation>
    </message>
    <message>
        <source>Gust strength</source>
        <translation>Böenstärke</translation>
    </message>
    <message>
        <source>Gusts as a share of the wind speed.</source>
        <translation>Böen als Anteil der Windgeschwindigkeit.</translation>
    </message>
    <message>
        <source>Gust frequency</source>
        <translation>Böenfrequenz</translation>
    </message>
    <message>
        <source>How often gusts come.</source>
        <translation>Wie oft Böen kommen.</translation>
    </message>
    <message>
        <source>Turbulence</source>
        <translation>Turbulenz</translation>
    </message>
    <message>
        <source>Variation of the wind across the cloth.</source>
        <translation>Schwankung des Windes über den Stoff.</translation>
    </message>
    <message>
        <source>Area density</source>
        <translation>Flächendichte</translation>
    </message>
    <message>
        <source>Fabric mass per square metre; painted mass scales multiply it.</source>
        <translation>Stoffmasse pro Quadratmeter; gemalte Massenfaktoren multiplizieren sie.</translation>
    </message>
    <message>
        <source>Stretch stiffness</source>
        <translation>Dehnsteifigkeit</translation>
    </message>
    <message>
        <source>Constraints</source>
        <translation>Bedingungen</translation>
    </message>
    <message>
        <source>Stiffness of the mesh edges per iteration (without compliance).</source>
        <translation>Steifigkeit der Netzkanten pro Iteration (ohne Nachgiebigkeit).</translation>
    </message>
    <message>
        <source>Bend stiffness</source>
        <translation>Biegesteifigkeit</translation>
    </message>
    <message>
        <source>Stiffness of the shear and bend constraints per iteration (without compliance).</source>
        <translation>Steifigkeit der Scher- und Biegebedingungen pro Iteration (ohne Nachgiebigkeit).</translation>
    </message>
    <message>
        <source>Use compliance (XPBD)</source>
        <translation>Nachgiebigkeit verwenden (XPBD)</translation>
    </message>
    <message>
        <source>Keeps the fabric&apos;s look when substeps or iterations change.</source>
        <translation>Erhält das Aussehen des Stoffs, wenn sich Unterschritte oder Iterationen ändern.</translation>
    </message>
    <message>
        <source>Stretch compliance</source>
        <translation>Dehnnachgiebigkeit</translation>
    </message>
    <message>
        <source>Softness of the mesh edges in compliance mode.</source>
        <translation>Weichheit der Netzkanten im Nachgiebigkeitsmodus.</translation>
    </message>
    <message>
        <source>Bend compliance</source>
        <translation>Biegenachgiebigkeit</translation>
    </message>
    <message>
        <source>Softness of shear and bend in compliance mode.</source>
        <translation>Weichheit von Scherung und Biegung im Nachgiebigkeitsmodus.</translation>
    </message>
    <message>
        <source>Volume compliance</source>
        <translation>Volumennachgiebigkeit</translation>
    </message>
    <message>
        <source>Softness of a soft body&apos;s volume, one over its bulk modulus (0 keeps it).</source>
        <translation>Weichheit des Volumens eines Weichkörpers, eins durch seinen Kompressionsmodul (0 erhält es).</translation>
    </message>
    <message>
        <source>Hard stretch limit</source>
        <translation>Harte Dehnungsgrenze</translation>
    </message>
    <message>
        <source>Tethers</source>
        <translation>Halteseile</translation>
    </message>
    <message>
        <source>Long-range tethers to the nearest fixed vertex.</source>
        <translation>Weitreichende Halteseile zum nächsten festen Vertex.</translation>
    </message>
    <message>
        <source>Stretch limit</source>
        <translation>Dehnungsgrenze</translation>
    </message>
    <message>
        <source>Largest allowed length over rest length for hard limits and tethers.</source>
        <translation>Größte erlaubte Länge im Verhältnis zur Ruhelänge für harte Grenzen und Halteseile.</translation>
    </message>
    <message>
        <source>Stretch compression limit</source>
        <translation>Stauchungsgrenze Dehnung</translation>
    </message>
    <message>
        <source>Mesh edges may shorten to this share of their rest length without resisting; 1 resists any compression.</source>
        <translation>Netzkanten dürfen sich ohne Widerstand auf diesen Anteil ihrer Ruhelänge verkürzen; 1 widersteht jeder Stauchung.</translation>
    </message>
    <message>
        <source>Bend compression limit</source>
        <translation>Stauchungsgrenze Biegung</translation>
    </message>
    <message>
        <source>Shear and bend constraints may shorten to this share of their rest length without resisting, so folds and buckles come freely; 1 resists any compression.</source>
        <translation>Scher- und Biegebedingungen dürfen sich ohne Widerstand auf diesen Anteil ihrer Ruhelänge verkürzen, sodass Falten und Knicke frei entstehen; 1 widersteht jeder Stauchung.</translation>
    </message>
    <message>
        <source>Max Distance scale</source>
        <translation>Max-Distance-Faktor</translation>
    </message>
    <message>
        <source>Max Distance</source>
        <translation>Max Distance</translation>
    </message>
    <message>
        <source>Multiplies every painted Max Distance.</source>
        <translation>Multipliziert jede gemalte Max Distance.</translation>
    </message>
    <message>
        <source>Max Distance bias</source>
        <translation>Max-Distance-Ausrichtung</translation>
    </message>
    <message>
        <source>Backstop</source>
        <translation>Rückhalt</translation>
    </message>
    <message>
        <source>Honour the painted backstop spheres.</source>
        <translation>Die gemalten Rückhaltekugeln beachten.</translation>
    </message>
    <message>
        <source>Collision thickness</source>
        <translation>Kollisionsdicke</translation>
    </message>
    <message>
        <source>Collision</source>
        <translation>Kollision</translation>
    </message>
    <message>
        <source>Distance kept between the cloth and the collision volumes.</source>
        <translation>Abstand zwischen dem Stoff und den Kollisionskörpern.</translation>
    </message>
    <message>
        <source>Friction</source>
        <translation>Reibung</translation>
    </message>
    <message>
        <source>Extra damping on touching vertices.</source>
        <translation>Zusätzliche Dämpfung berührender Vertices.</translation>
    </message>
    <message>
        <source>Self-collision</source>
        <translation>Eigenkollision</translation>
    </message>
    <message>
        <source>Particles keep apart from each other.</source>
        <translation>Partikel halten Abstand voneinander.</translation>
    </message>
    <message>
        <source>Self-collision thickness</source>
        <translation>Eigenkollisionsdicke</translation>
    </message>
    <message>
        <source>Distance kept between particles.</source>
        <translation>Abstand zwischen Partikeln.</translation>
    </message>
    <message>
        <source>Edge damping scale</source>
        <translation>Randdämpfungsfaktor</translation>
    </message>
    <message>
        <source>Edge vertices</source>
        <translation>Randvertices</translation>
    </message>
    <message>
        <source>Multiplies the damping of free-edge vertices.</source>
        <translation>Multipliziert die Dämpfung der Vertices an freien Rändern.</translation>
    </message>
    <message>
        <source>Edge wind scale</source>
        <translation>Randwindfaktor</translation>
    </message>
    <message>
        <source>Multiplies the wind on free-edge vertices.</source>
        <translation>Multipliziert den Wind auf Vertices an freien Rändern.</translation>
    </message>
    <message>
        <source>Edge world-motion scale</source>
        <translation>Randfaktor der Weltbewegung</translation>
    </message>
    <message>
        <source>Multiplies the world motion felt by free-edge vertices.</source>
        <translation>Multipliziert die Weltbewegung, die Vertices an freien Rändern spüren.</translation>
    </message>
    <message>
        <source>Edge Max Distance scale</source>
        <translation>Rand-Max-Distance-Faktor</translation>
    </message>
    <message>
        <source>Multiplies the Max Distance of free-edge vertices.</source>
        <translation>Multipliziert die Max Distance der Vertices an freien Rändern.</translation>
    </message>
    <message>
        <source>World linear motion</source>
        <translation>Lineare Weltbewegung</translation>
    </message>
    <message>
        <source>Local space</source>
        <translation>Lokaler Raum</translation>
    </message>
    <message>
        <source>Share of the character&apos;s linear motion the cloth feels.</source>
        <translation>Anteil der linearen Bewegung der Figur, den der Stoff spürt.</translation>
    </message>
    <message>
        <source>World angular motion</source>
        <translation>Drehende Weltbewegung</translation>
    </message>
    <message>
        <source>Share of the character&apos;s rotation the cloth feels.</source>
        <translation>Anteil der Drehung der Figur, den der Stoff spürt.</translation>
    </message>
    <message>
        <source>Integrator</source>
        <translation>Integrator</translation>
    </message>
    <message>
        <source>Mass-spring</source>
        <translation>Masse-Feder</translation>
    </message>
    <message>
        <source>Explicit midpoint or Runge-Kutta 4.</source>
        <translation>Explizites Mittelpunktverfahren oder Runge-Kutta 4.</translation>
    </message>
    <message>
        <source>Structural springs</source>
        <translation>Strukturfedern</translation>
    </message>
    <message>
        <source>Stiffness of the springs along mesh edges.</source>
        <translation>Steifigkeit der Federn entlang der Netzkanten.</translation>
    </message>
    <message>
        <source>Shear springs</source>
        <translation>Scherfedern</translation>
    </message>
    <message>
        <source>Stiffness of the springs across quads.</source>
        <translation>Steifigkeit der Federn quer über Vierecke.</translation>
    </message>
    <message>
        <source>Bend springs</source>
        <translation>Biegefedern</translation>
    </message>
    <message>
        <source>Stiffness of the springs two vertices apart.</source>
        <translation>Steifigkeit der Federn zwischen Vertices im Abstand von zwei.</translation>
    </message>
    <message>
        <source>Spring damping</source>
        <translation>Federdämpfung</translation>
    </message>
    <message>
        <source>Damping along each spring.</source>
        <translation>Dämpfung entlang jeder Feder.</translation>
    </message>
    <message>
        <source>Deformation limit</source>
        <translation>Verformungsgrenze</translation>
    </message>
    <message>
        <source>Provot&apos;s limit on spring length over rest length; 0 disables.</source>
        <translation>Provots Grenze für Federlänge zu Ruhelänge; 0 schaltet sie ab.</translation>
    </message>
    <message>
        <source>Tear factor</source>
        <translation>Reißfaktor</translation>
    </message>
    <message>
        <source>Springs stretched beyond this ratio tear; 0 never.</source>
        <translation>Über dieses Verhältnis gedehnte Federn reißen; 0 nie.</translation>
    </message>
    <message>
        <source>Position based</source>
        <translation>Positionsbasiert</translation>
    </message>
    <message>
        <source>Mass spring</source>
        <translation>Masse-Feder</translation>
    </message>
    <message>
        <source>Midpoint</source>
        <translation>Mittelpunkt</translation>
    </message>
    <message>
        <source>RK4</source>
        <translation>RK4</translation>
    </message>
    <message>
        <source>Tweed</source>
        <translation>Tweed</translation>
    </message>
    <message>
        <source>Silk</source>
        <translation>Seide</translation>
    </message>
    <message>
        <source>Rubber</source>
        <translation>Gummi</translation>
    </message>
    <message>
        <source>Leather</source>
        <translation>Leder</translation>
    </message>
    <message>
        <source>Down jacket</source>
        <translation>Daunenjacke</translation>
    </message>
    <message>
        <source>Veil</source>
        <translation>Schleier</translation>
    </message>
    <message>
        <source>Ellipsoid</source>
        <translation>Ellipsoid</translation>
    </message>
    <message>
        <source>Sphere</source>
        <translation>Kugel</translation>
    </message>
    <message>
        <source>Capsule</source>
        <translation>Kapsel</translation>
    </message>
    <message>
        <source>Tapered capsule</source>
        <translation>Konische Kapsel</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Immediate</source>
        <translation>Direkt</translation>
    </message>
    <message>
        <source>Weld</source>
        <translation>Verschweißen</translation>
    </message>
    <message>
        <source>Simplify</source>
        <translation>Vereinfachen</translation>
    </message>
    <message>
        <source>Iso</source>
        <translation>Isofläche</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Eigenes</translation>
    </message>
    <message>
        <source>Vertical constraints, top down, that move only the lower vertex.</source>
        <translation>Senkrechte Bedingungen von oben nach unten, die nur den unteren Vertex bewegen.</translation>
    </message>
    <message>
        <source>Below 0 a capsule along the normal, above 0 a disc across it.</source>
        <translation>Unter 0 eine Kapsel entlang der Normalen, über 0 eine Scheibe quer dazu.</translation>
    </message>
    <message>
        <source>Position-based dynamics, or the classic mass-spring model.</source>
        <translation>Positionsbasierte Dynamik oder das klassische Masse-Feder-Modell.</translation>
    </message>
    <message>
        <source>Centre-of-mass damping</source>
        <translation>Schwerpunktdämpfung</translation>
    </message>
    <message>
        <source>Solver options</source>
        <translation>Löseroptionen</translation>
    </message>
    <message>
        <source>Share of the velocity relative to the cloth&apos;s centre-of-mass frame lost per second; the cloth&apos;s rigid motion keeps its speed.</source>
        <translation>Anteil der Geschwindigkeit relativ zum Schwerpunktsystem des Stoffs, der pro Sekunde verloren geht; die starre Bewegung des Stoffs behält ihre Geschwindigkeit.</translation>
    </message>
    <message>
        <source>Bending</source>
        <translation>Biegung</translation>
    </message>
    <message>
        <source>Two-way interaction</source>
        <translation>Wechselwirkung in beide Richtungen</translation>
    </message>
    <message>
        <source>Report the impulses the cloth gives each collision volume every frame.</source>
        <translation>Die Impulse, die der Stoff jedem Kollisionskörper gibt, in jedem Bild melden.</translation>
    </message>
    <message>
        <source>Sleep speed</source>
        <translation>Ruhegeschwindigkeit</translation>
    </message>
    <message>
        <source>A cloth slower than this everywhere for the sleep delay stops simulating until its bones or the wind change; 0 never sleeps.</source>
        <translation>Ein Stoff, der während der Ruheverzögerung überall langsamer ist, wird nicht mehr simuliert, bis sich seine Knochen oder der Wind ändern; 0 ruht nie.</translation>
    </message>
    <message>
        <source>Sleep delay</source>
        <translation>Ruheverzögerung</translation>
    </message>
    <message>
        <source>How long the cloth must stay below the sleep speed before it sleeps.</source>
        <translation>Wie lange der Stoff unter der Ruhegeschwindigkeit bleiben muss, bevor er ruht.</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Abstand</translation>
    </message>
    <message>
        <source>Dihedral</source>
        <translation>Flächenwinkel</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Quader</translation>
    </message>
    <message>
        <source>Convex</source>
        <translation>Konvex</translation>
    </message>
    <message>
        <source>Spring stiffening</source>
        <translation>Federversteifung</translation>
    </message>
    <message>
        <source>Non-linear springs: stiffness grows to k (1 + this x strain) as a spring stretches; 0 keeps them linear.</source>
        <translation>Nichtlineare Federn: Die Steifigkeit wächst beim Dehnen auf k (1 + dieser Wert x Dehnung); 0 lässt sie linear.</translation>
    </message>
    <message>
        <source>Distance constraints across neighbouring triangles, or their dihedral angle with its rest angle (ortho bending; angle springs in the mass-spring model).</source>
        <translation>Abstandsbedingungen über benachbarte Dreiecke oder ihr Flächenwinkel mit seinem Ruhewinkel (Ortho-Biegung; Winkelfedern im Masse-Feder-Modell).</translation>
    </message>
    <message>
        <source>Triangle collision</source>
        <translation>Dreieckskollision</translation>
    </message>
    <message>
        <source>The cloth's triangles, not only its vertices, keep out of the spheres, capsules and ellipsoids.</source>
        <translation>Die Dreiecke des Stoffs, nicht nur seine Eckpunkte, bleiben außerhalb der Kugeln, Kapseln und Ellipsoide.</translation>
    </message>
    <message>
        <source>Edge chains</source>
        <translation>Kantenketten</translation>
    </message>
    <message>
        <source>Each substep, one direct solve of the stretched mesh edges along chains of edges, so that long rows and columns draw in at once.</source>
        <translation>In jedem Teilschritt eine direkte Lösung der gedehnten Netzkanten entlang von Kantenketten, sodass sich lange Reihen und Spalten auf einmal zusammenziehen.</translation>
    </message>
    <message>
        <source>Relaxed targets</source>
        <translation>Entspannte Ziele</translation>
    </message>
    <message>
        <source>Each frame, the skinned targets of mesh edges the skinning stretches are drawn in towards their rest lengths, never into the body along the normal nor into a collision volume.</source>
        <translation>In jedem Bild werden die Ziele der Skinning-Pose an Netzkanten, die das Skinning dehnt, zu ihren Ruhelängen hingezogen, nie entlang der Normalen in den Körper und nie in ein Kollisionsvolumen.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Authoring tool for game character clothing.</source>
        <translation>Autorenwerkzeug für die Kleidung von Spielfiguren.</translation>
    </message>
    <message>
        <source>A character file or a .tweed asset to open; the sample character when none is given.</source>
        <translation>Eine Figurendatei oder ein .tweed-Asset zum Öffnen; ohne Angabe die Beispielfigur.</translation>
    </message>
    <message>
        <source>Render, save a picture of the window to &lt;path&gt;, quit.</source>
        <translation>Rendern, ein Bild des Fensters unter &lt;path&gt; speichern, beenden.</translation>
    </message>
    <message>
        <source>Print the start-up times to the error output.</source>
        <translation>Die Startzeiten auf der Fehlerausgabe ausgeben.</translation>
    </message>
    <message>
        <source>Play the walk, print the median time of &lt;count&gt; frames and the CPU time per frame, quit.</source>
        <translation>Die Gehen-Animation abspielen, die mittlere Zeit von &lt;count&gt; Bildern und die CPU-Zeit pro Bild ausgeben, beenden.</translation>
    </message>
    <message>
        <source>Simulate while playing (every frame, without the cache).</source>
        <translation>Beim Abspielen simulieren (jedes Bild, ohne den Cache).</translation>
    </message>
    <message>
        <source>Show the collision volumes (xray, surface or wireframe) or hide them (off). With --frame-times, several looks separated by commas take turns every 10 frames, each reported on a line of its own.</source>
        <translation>Die Kollisionsvolumen zeigen (xray, surface oder wireframe) oder ausblenden (off). Mit --frame-times wechseln sich mehrere durch Kommas getrennte Ansichten alle 10 Bilder ab, jede in einer eigenen Zeile.</translation>
    </message>
    <message>
        <source>Start without opening a file.</source>
        <translation>Ohne eine Datei zu öffnen starten.</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Accessibility</name>
    <message>
        <source>More of %1</source>
        <translation>Mehr aus %1</translation>
    </message>
    <message>
        <source>More Menus</source>
        <translation>Weitere Menüs</translation>
    </message>
    <message>
        <source>Panels: %1</source>
        <translation>Bedienfelder: %1</translation>
    </message>
    <message>
        <source>Menu bar</source>
        <translation>Menüleiste</translation>
    </message>
    <message>
        <source>Unlabelled %1</source>
        <translation>%1 ohne Beschriftung</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>The %1 panel</source>
        <translation>Das Bedienfeld %1</translation>
    </message>
    <message>
        <source>The %1 tool bar</source>
        <translation>Die Werkzeugleiste %1</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>Clip %1, frame %2 of %3</source>
        <translation>Clip %1, Bild %2 von %3</translation>
    </message>
    <message>
        <source>No clip</source>
        <translation>Kein Clip</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>simulating</source>
        <translation>simuliert</translation>
    </message>
    <message>
        <source>not simulating</source>
        <translation>simuliert nicht</translation>
    </message>
    <message>
        <source>tool: %1</source>
        <translation>Werkzeug: %1</translation>
    </message>
    <message>
        <source>camera</source>
        <translation>Kamera</translation>
    </message>
    <message numerus="yes">
        <source>%n mesh(es)</source>
        <translation>
            <numerusform>%n Netz</numerusform>
            <numerusform>%n Netze</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bone(s)</source>
        <translation>
            <numerusform>%n Knochen</numerusform>
            <numerusform>%n Knochen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n collision volume(s)</source>
        <translation>
            <numerusform>%n Kollisionsvolumen</numerusform>
            <numerusform>%n Kollisionsvolumen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n physics mesh(es)</source>
        <translation>
            <numerusform>%n Physiknetz</numerusform>
            <numerusform>%n Physiknetze</numerusform>
        </translation>
    </message>
    <message>
        <source>selection: %1</source>
        <translation>Auswahl: %1</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>3D Viewport</source>
        <translation>3D-Ansicht</translation>
    </message>
    <message>
        <source>3D View</source>
        <translation>3D-Bild</translation>
    </message>
</context>
<context>
    <name>tweed::editor::CollisionDock</name>
    <message>
        <source>Ellipsoid</source>
        <translation>Ellipsoid</translation>
    </message>
    <message>
        <source>Sphere</source>
        <translation>Kugel</translation>
    </message>
    <message>
        <source>Capsule</source>
        <translation>Kapsel</translation>
    </message>
    <message>
        <source>Tapered capsule</source>
        <translation>Konische Kapsel</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>cm</source>
        <translation>cm</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>Collision Volumes</source>
        <translation>Kollisionskörper</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Bone</source>
        <translation>Knochen</translation>
    </message>
    <message>
        <source>Bone:</source>
        <translation>Knochen:</translation>
    </message>
    <message>
        <source>The bone new volumes are attached to (follows the bone selected in the Outliner)</source>
        <translation>Der Knochen, an den neue Kollisionskörper gehängt werden (folgt dem in der Gliederung ausgewählten Knochen)</translation>
    </message>
    <message>
        <source>Add Ellipsoid</source>
        <translation>Ellipsoid hinzufügen</translation>
    </message>
    <message>
        <source>Add Sphere</source>
        <translation>Kugel hinzufügen</translation>
    </message>
    <message>
        <source>Add Capsule</source>
        <translation>Kapsel hinzufügen</translation>
    </message>
    <message>
        <source>Add Tapered Capsule</source>
        <translation>Konische Kapsel hinzufügen</translation>
    </message>
    <message>
        <source>Adds a volume on the chosen bone, fitted to the body vertices the bone drives</source>
        <translation>Fügt am gewählten Knochen einen Kollisionskörper hinzu, angepasst an die Vertices des Körpers, die der Knochen bewegt</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove Collision Volume</source>
        <translation>Kollisionskörper entfernen</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Teilen</translation>
    </message>
    <message>
        <source>Splits the selected ellipsoid into two along its longest axis</source>
        <translation>Teilt das ausgewählte Ellipsoid entlang seiner längsten Achse in zwei</translation>
    </message>
    <message>
        <source>Split Collision Volume</source>
        <translation>Kollisionskörper teilen</translation>
    </message>
    <message>
        <source>Gizmo:</source>
        <translation>Gizmo:</translation>
    </message>
    <message>
        <source>Move (W)</source>
        <translation>Verschieben (W)</translation>
    </message>
    <message>
        <source>Rotate (E)</source>
        <translation>Drehen (E)</translation>
    </message>
    <message>
        <source>Scale (R)</source>
        <translation>Skalieren (R)</translation>
    </message>
    <message>
        <source>Edit the selected volume with handles in the viewport; Esc during a drag cancels it</source>
        <translation>Den ausgewählten Kollisionskörper mit Anfassern im Ansichtsfenster bearbeiten; Esc während des Ziehens bricht es ab</translation>
    </message>
    <message>
        <source>Selected Volume</source>
        <translation>Ausgewählter Kollisionskörper</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Position:</source>
        <translation>Position:</translation>
    </message>
    <message>
        <source>Rotation:</source>
        <translation>Drehung:</translation>
    </message>
    <message>
        <source>Radii:</source>
        <translation>Radien:</translation>
    </message>
    <message>
        <source>Radius:</source>
        <translation>Radius:</translation>
    </message>
    <message>
        <source>End radius:</source>
        <translation>Endradius:</translation>
    </message>
    <message>
        <source>Half height:</source>
        <translation>Halbe Höhe:</translation>
    </message>
    <message>
        <source>The tapered capsule&apos;s radius at its +Y end</source>
        <translation>Der Radius der konischen Kapsel an ihrem +Y-Ende</translation>
    </message>
    <message>
        <source>Half the length of the capsule&apos;s axis, without the caps</source>
        <translation>Die halbe Länge der Kapselachse, ohne die Kappen</translation>
    </message>
    <message>
        <source>Auto-Fit</source>
        <translation>Automatisch anpassen</translation>
    </message>
    <message>
        <source>All bones that skin the garment</source>
        <translation>Alle Knochen, an die das Kleidungsstück gebunden ist</translation>
    </message>
    <message>
        <source>Shape:</source>
        <translation>Form:</translation>
    </message>
    <message>
        <source>Body mesh:</source>
        <translation>Körpernetz:</translation>
    </message>
    <message>
        <source>The mesh volumes are fitted to (also for Add): the body the garment rests on</source>
        <translation>Das Netz, an das die Kollisionskörper angepasst werden (auch beim Hinzufügen): der Körper, auf dem das Kleidungsstück aufliegt</translation>
    </message>
    <message>
        <source>Coverage:</source>
        <translation>Abdeckung:</translation>
    </message>
    <message>
        <source>Share of each bone&apos;s weighted body vertices the volume holds</source>
        <translation>Anteil der von jedem Knochen gewichteten Körpervertices, die der Kollisionskörper umschließt</translation>
    </message>
    <message>
        <source>Auto-Fit Collision Volumes</source>
        <translation>Kollisionskörper automatisch anpassen</translation>
    </message>
    <message>
        <source>&amp;Collision Volumes</source>
        <translation>&amp;Kollisionskörper</translation>
    </message>
    <message>
        <source>(model space)</source>
        <translation>(Modellraum)</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Cannot split the volume</source>
        <translation>Der Kollisionskörper kann nicht geteilt werden</translation>
    </message>
    <message>
        <source>No bone skins the garment: the asset has no skinned garment.</source>
        <translation>Kein Knochen ist an das Kleidungsstück gebunden: Das Asset hat kein gebundenes Kleidungsstück.</translation>
    </message>
    <message>
        <source>No bone is checked: check the bones to fit volumes to.</source>
        <translation>Kein Knochen ist aktiviert: Aktivieren Sie die Knochen, für die Kollisionskörper angepasst werden sollen.</translation>
    </message>
    <message>
        <source>Fitting collision volumes...</source>
        <translation>Kollisionskörper werden angepasst...</translation>
    </message>
    <message>
        <source>No volume could be fitted:
%1</source>
        <translation>Es konnte kein Kollisionskörper angepasst werden:
%1</translation>
    </message>
    <message>
        <source>Move Collision Volume</source>
        <translation>Kollisionskörper verschieben</translation>
    </message>
    <message>
        <source>Rotate Collision Volume</source>
        <translation>Kollisionskörper drehen</translation>
    </message>
    <message>
        <source>Resize Collision Volume</source>
        <translation>Größe des Kollisionskörpers ändern</translation>
    </message>
    <message>
        <source>Rename Collision Volume</source>
        <translation>Kollisionskörper umbenennen</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Quader</translation>
    </message>
    <message>
        <source>Convex</source>
        <translation>Konvex</translation>
    </message>
    <message>
        <source>Add Box</source>
        <translation>Quader hinzufügen</translation>
    </message>
    <message>
        <source>Add Convex</source>
        <translation>Konvexen Körper hinzufügen</translation>
    </message>
    <message>
        <source>Add Plane</source>
        <translation>Ebene hinzufügen</translation>
    </message>
    <message>
        <source>Adds a plane through the chosen bone&apos;s origin; the side below its local Y axis is solid</source>
        <translation>Fügt eine Ebene durch den Ursprung des gewählten Knochens hinzu; die Seite unterhalb seiner lokalen Y-Achse ist fest</translation>
    </message>
    <message>
        <source>Adds the convex hull of the body vertices the chosen bone drives, bounded by the number of planes set under Auto-Fit</source>
        <translation>Fügt die konvexe Hülle der Körpervertices hinzu, die der gewählte Knochen bewegt, begrenzt durch die unter Auto-Anpassung eingestellte Zahl der Ebenen</translation>
    </message>
    <message>
        <source>Convex planes:</source>
        <translation>Konvexe Ebenen:</translation>
    </message>
    <message>
        <source>How many planes bound a convex volume&apos;s hull (Add Convex and Auto-Fit)</source>
        <translation>Wie viele Ebenen die Hülle eines konvexen Körpers begrenzen (Konvexen Körper hinzufügen und Auto-Anpassung)</translation>
    </message>
    <message>
        <source>Half extents:</source>
        <translation>Halbe Ausdehnungen:</translation>
    </message>
    <message>
        <source>Pendulum</source>
        <translation>Pendel</translation>
    </message>
    <message>
        <source>A single particle the chosen bone looks at, swinging under gravity and inertia within a cone (a hood)</source>
        <translation>Ein einzelnes Partikel, auf das der gewählte Knochen blickt und das unter Schwerkraft und Trägheit innerhalb eines Kegels schwingt (eine Kapuze)</translation>
    </message>
    <message>
        <source>Add Pendulum</source>
        <translation>Pendel hinzufügen</translation>
    </message>
    <message>
        <source>Remove Pendulum</source>
        <translation>Pendel entfernen</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>Länge:</translation>
    </message>
    <message>
        <source>Damping:</source>
        <translation>Dämpfung:</translation>
    </message>
    <message>
        <source>Gravity scale:</source>
        <translation>Schwerkraftfaktor:</translation>
    </message>
    <message>
        <source>Cone angle:</source>
        <translation>Kegelwinkel:</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source> °</source>
        <translation> °</translation>
    </message>
    <message>
        <source>From the bone&apos;s origin to the particle</source>
        <translation>Vom Ursprung des Knochens zum Partikel</translation>
    </message>
    <message>
        <source>Share of the particle&apos;s velocity lost per second</source>
        <translation>Anteil der Geschwindigkeit des Partikels, der pro Sekunde verloren geht</translation>
    </message>
    <message>
        <source>Multiplies the simulation&apos;s gravity on the particle</source>
        <translation>Multipliziert die Schwerkraft der Simulation auf das Partikel</translation>
    </message>
    <message>
        <source>Largest swing away from the animated direction</source>
        <translation>Größter Ausschlag weg von der animierten Richtung</translation>
    </message>
    <message>
        <source>Edit Pendulum</source>
        <translation>Pendel bearbeiten</translation>
    </message>
    <message>
        <source>X-ray</source>
        <translation>Röntgen</translation>
    </message>
    <message>
        <source>Show the collision volumes through the body that hides them</source>
        <translation>Die Kollisionsvolumen durch den Körper zeigen, der sie verdeckt</translation>
    </message>
    <message>
        <source>Wireframe</source>
        <translation>Drahtgitter</translation>
    </message>
    <message>
        <source>Draw the collision volumes as their edges</source>
        <translation>Die Kollisionsvolumen als ihre Kanten zeichnen</translation>
    </message>
    <message>
        <source>Protrusion</source>
        <translation>Überstand</translation>
    </message>
    <message>
        <source>Move Pendulum Point</source>
        <translation>Pendelpunkt verschieben</translation>
    </message>
    <message>
        <source>Drag the pendulum&apos;s particle in the viewport: its distance from the bone is the length</source>
        <translation>Das Partikel des Pendels im Ansichtsfenster ziehen: sein Abstand zum Knochen ist die Länge</translation>
    </message>
    <message>
        <source>How far the volume sticks out of the body, at most over the bind pose and every frame of every clip; more than the collision thickness pushes the cloth off the body</source>
        <translation>Wie weit das Volumen aus dem Körper herausragt, höchstens über die Ruhepose und jedes Bild jedes Clips; mehr als die Kollisionsdicke drückt den Stoff vom Körper weg</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>wird gemessen…</translation>
    </message>
</context>
<context>
    <name>tweed::editor::CollisionGizmo</name>
    <message>
        <source>Move Collision Volume</source>
        <translation>Kollisionskörper verschieben</translation>
    </message>
    <message>
        <source>Rotate Collision Volume</source>
        <translation>Kollisionskörper drehen</translation>
    </message>
    <message>
        <source>Resize Collision Volume</source>
        <translation>Größe des Kollisionskörpers ändern</translation>
    </message>
    <message>
        <source>Move collision volume</source>
        <translation>Kollisionsvolumen verschieben</translation>
    </message>
    <message>
        <source>Rotate collision volume</source>
        <translation>Kollisionsvolumen drehen</translation>
    </message>
    <message>
        <source>Scale collision volume</source>
        <translation>Kollisionsvolumen skalieren</translation>
    </message>
</context>
<context>
    <name>tweed::editor::DebugViews</name>
    <message>
        <source>S&amp;kinned Positions</source>
        <translation>Skinning-&amp;Positionen</translation>
    </message>
    <message>
        <source>Where skinning puts each physics vertex; while simulating, a line from the simulated vertex to it</source>
        <translation>Wohin das Skinning jeden Physikvertex setzt; während der Simulation eine Linie vom simulierten Vertex dorthin</translation>
    </message>
    <message>
        <source>&amp;Max Distance Spheres</source>
        <translation>&amp;Max-Distance-Kugeln</translation>
    </message>
    <message>
        <source>How far each painted vertex may move from its skinned position</source>
        <translation>Wie weit sich jeder bemalte Vertex von seiner Skinning-Position entfernen darf</translation>
    </message>
    <message>
        <source>&amp;Backstop Spheres</source>
        <translation>&amp;Rückhaltekugeln</translation>
    </message>
    <message>
        <source>The sphere behind each vertex that the cloth may not enter</source>
        <translation>Die Kugel hinter jedem Vertex, in die der Stoff nicht eindringen darf</translation>
    </message>
    <message>
        <source>&amp;Collision Volumes</source>
        <translation>&amp;Kollisionskörper</translation>
    </message>
    <message>
        <source>The shapes the cloth collides with</source>
        <translation>Die Formen, mit denen der Stoff kollidiert</translation>
    </message>
    <message>
        <source>Physics Mesh &amp;Wire</source>
        <translation>Physiknetz als &amp;Drahtgitter</translation>
    </message>
    <message>
        <source>The edges of the simulated mesh</source>
        <translation>Die Kanten des simulierten Netzes</translation>
    </message>
    <message>
        <source>Physics Mesh &amp;Solid</source>
        <translation>Physiknetz &amp;solide</translation>
    </message>
    <message>
        <source>The simulated mesh as an opaque surface</source>
        <translation>Das simulierte Netz als undurchsichtige Fläche</translation>
    </message>
    <message>
        <source>Physics Mesh &amp;Normals</source>
        <translation>Physiknetz-&amp;Normalen</translation>
    </message>
    <message>
        <source>The simulation&apos;s vertex normals</source>
        <translation>Die Vertexnormalen der Simulation</translation>
    </message>
    <message>
        <source>Skin &amp;Map</source>
        <translation>Skin-M&amp;ap</translation>
    </message>
    <message>
        <source>A line from each graphics vertex to its bound point on the physics mesh</source>
        <translation>Eine Linie von jedem Grafikvertex zu seinem gebundenen Punkt auf dem Physiknetz</translation>
    </message>
    <message>
        <source>Skin Map, &amp;Far Bindings Only</source>
        <translation>Skin-Map, nur &amp;ferne Bindungen</translation>
    </message>
    <message>
        <source>Only graphics vertices farther from their triangle than half the physics mesh&apos;s mean edge length</source>
        <translation>Nur Grafikvertices, die weiter von ihrem Dreieck entfernt sind als die halbe mittlere Kantenlänge des Physiknetzes</translation>
    </message>
    <message>
        <source>S&amp;keleton with Names</source>
        <translation>Ske&amp;lett mit Namen</translation>
    </message>
    <message>
        <source>The bones and their names</source>
        <translation>Die Knochen und ihre Namen</translation>
    </message>
    <message>
        <source>Bone &amp;Frames</source>
        <translation>Kn&amp;ochenachsen</translation>
    </message>
    <message>
        <source>Each joint&apos;s axes: red X, green Y, blue Z</source>
        <translation>Die Achsen jedes Gelenks: X rot, Y grün, Z blau</translation>
    </message>
    <message>
        <source>&amp;Velocities</source>
        <translation>&amp;Geschwindigkeiten</translation>
    </message>
    <message>
        <source>Each vertex&apos;s motion over the next tenth of a second (while simulating)</source>
        <translation>Die Bewegung jedes Vertex in der nächsten Zehntelsekunde (während der Simulation)</translation>
    </message>
    <message>
        <source>&amp;Edge Vertices</source>
        <translation>Rand&amp;vertices</translation>
    </message>
    <message>
        <source>Vertices with fewer than four stretch constraints (they get the edge scales of the settings)</source>
        <translation>Vertices mit weniger als vier Dehnungsbedingungen (sie erhalten die Randfaktoren der Einstellungen)</translation>
    </message>
    <message>
        <source>S&amp;tretch</source>
        <translation>D&amp;ehnung</translation>
    </message>
    <message>
        <source>Edges coloured by length over rest length: blue compressed, green at rest, red stretched by 10% or more</source>
        <translation>Kanten nach Länge zur Ruhelänge gefärbt: blau gestaucht, grün in Ruhe, rot um 10 % oder mehr gedehnt</translation>
    </message>
    <message>
        <source>Max Distance &amp;Inwards</source>
        <translation>Max Distance nach &amp;innen</translation>
    </message>
    <message>
        <source>A line from each skinned vertex inwards, against its normal, as far as its Max Distance lets it go</source>
        <translation>Eine Linie von jedem gebundenen Vertex nach innen, gegen seine Normale, so weit seine Max Distance es erlaubt</translation>
    </message>
    <message>
        <source>Backstop &amp;Precise</source>
        <translation>Rückhalt &amp;genau</translation>
    </message>
    <message>
        <source>Every vertex with a backstop to the nearest point of its sphere, unsampled</source>
        <translation>Jeder Vertex mit Rückhalt zum nächsten Punkt seiner Kugel, ohne Auslassung</translation>
    </message>
    <message>
        <source>Collision Shapes Wi&amp;re</source>
        <translation>Kollisionsformen als &amp;Draht</translation>
    </message>
    <message>
        <source>The collision volumes&apos; edges as lines</source>
        <translation>Die Kanten der Kollisionskörper als Linien</translation>
    </message>
    <message>
        <source>Skin Map &amp;Actual</source>
        <translation>Skin Map &amp;tatsächlich</translation>
    </message>
    <message>
        <source>A line from each graphics vertex as the skin map draws it to where its bones alone would put it</source>
        <translation>Eine Linie von jedem Grafikvertex, wie die Skin Map ihn zeichnet, dorthin, wo ihn seine Knochen allein hinsetzen würden</translation>
    </message>
    <message>
        <source>&amp;Graphical Vertex Bones</source>
        <translation>&amp;Knochen der Grafikvertices</translation>
    </message>
    <message>
        <source>Lines from each graphics vertex to its bones, blue for light weights, red for heavy ones</source>
        <translation>Linien von jedem Grafikvertex zu seinen Knochen, blau für leichte, rot für schwere Gewichte</translation>
    </message>
    <message>
        <source>P&amp;hysical Vertex Bones</source>
        <translation>Knochen der P&amp;hysikvertices</translation>
    </message>
    <message>
        <source>Lines from each physics vertex to its bones, blue for light weights, red for heavy ones</source>
        <translation>Linien von jedem Physikvertex zu seinen Knochen, blau für leichte, rot für schwere Gewichte</translation>
    </message>
    <message>
        <source>&amp;Riders Through the Shell</source>
        <translation>&amp;Mitläufer durch die Hülle</translation>
    </message>
    <message>
        <source>Rider vertices (a lining) outside their shell by more than 2 mm (while simulating)</source>
        <translation>Vertices der Mitläufer (ein Futter) mehr als 2 mm außerhalb ihrer Hülle (beim Simulieren)</translation>
    </message>
    <message>
        <source>S&amp;hells Through Each Other</source>
        <translation>&amp;Hüllen durcheinander</translation>
    </message>
    <message>
        <source>Vertices of an outer shell inside an inner shell by more than 2 mm (while simulating)</source>
        <translation>Vertices einer äußeren Hülle mehr als 2 mm innerhalb einer inneren Hülle (beim Simulieren)</translation>
    </message>
    <message>
        <source>B&amp;ody Through the Garment</source>
        <translation>Kö&amp;rper durch das Kleidungsstück</translation>
    </message>
    <message>
        <source>Body vertices outside the garment&apos;s simulated surface by more than 2 mm (while simulating)</source>
        <translation>Körpervertices mehr als 2 mm außerhalb der simulierten Oberfläche des Kleidungsstücks (beim Simulieren)</translation>
    </message>
    <message>
        <source>Vertices at Max &amp;Distance</source>
        <translation>Vertices an der Max &amp;Distance</translation>
    </message>
    <message>
        <source>Physics vertices held at their Max Distance limit (while simulating)</source>
        <translation>Physikvertices, die an ihrer Max-Distance-Grenze gehalten werden (beim Simulieren)</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Document</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>%1 ändern</translation>
    </message>
    <message>
        <source>Apply fabric preset %1</source>
        <translation>Stoffvorgabe %1 anwenden</translation>
    </message>
    <message>
        <source>Reset simulation settings</source>
        <translation>Simulationseinstellungen zurücksetzen</translation>
    </message>
    <message>
        <source>Re-import character</source>
        <translation>Figur neu importieren</translation>
    </message>
    <message>
        <source>The source character %1 has changed since the asset was made; File &gt; Re-import Character brings the changes in.</source>
        <translation>Die Quellfigur %1 hat sich seit der Erstellung des Assets geändert; Datei &gt; Figur neu importieren übernimmt die Änderungen.</translation>
    </message>
    <message>
        <source>The source character %1 is missing; showing the asset&apos;s garment only.</source>
        <translation>Die Quellfigur %1 fehlt; nur das Kleidungsstück des Assets wird gezeigt.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>The document has no source character to re-import.</source>
        <translation>Das Dokument hat keine Quellfigur zum Neuimportieren.</translation>
    </message>
    <message>
        <source>Collision volume %1 was dropped: its bone is gone.</source>
        <translation>Kollisionskörper %1 wurde entfernt: sein Knochen existiert nicht mehr.</translation>
    </message>
    <message numerus="yes">
        <source>Only the most detailed LoD was re-imported; %n other LoD(s) were dropped.</source>
        <translation>
            <numerusform>Nur der detaillierteste LoD wurde neu importiert; %n weiterer LoD wurde verworfen.</numerusform>
            <numerusform>Nur der detaillierteste LoD wurde neu importiert; %n weitere LoDs wurden verworfen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No mesh has skin weights: the %n mesh(es) follow their bones rigidly. %1, the largest, was taken as the garment; choose the garment meshes in the Physics Mesh panel.</source>
        <translation>
            <numerusform>Kein Netz hat Skin-Gewichte: das %n Netz folgt seinem Knochen starr. %1, das größte, wurde als Kleidungsstück genommen; wählen Sie die Netze des Kleidungsstücks im Bedienfeld Physiknetz.</numerusform>
            <numerusform>Kein Netz hat Skin-Gewichte: die %n Netze folgen ihren Knochen starr. %1, das größte, wurde als Kleidungsstück genommen; wählen Sie die Netze des Kleidungsstücks im Bedienfeld Physiknetz.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tweed::editor::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>glTF physics mesh (channels and collision volumes)</source>
        <translation>glTF-Physiknetz (Kanäle und Kollisionskörper)</translation>
    </message>
    <message>
        <source>Point cache (glTF morph targets)</source>
        <translation>Punkt-Cache (glTF-Morph-Targets)</translation>
    </message>
    <message>
        <source>The physics mesh for engines with their own cloth, the simulated clip as bone animation for engines without a cloth run time, or the simulated garment per frame</source>
        <translation>Das Physiknetz für Engines mit eigener Stoffsimulation, der simulierte Clip als Knochenanimation für Engines ohne Stoff-Laufzeit oder das simulierte Kleidungsstück pro Einzelbild</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>&amp;Ausgabedatei:</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>&amp;Durchsuchen...</translation>
    </message>
    <message>
        <source>&amp;Units:</source>
        <translation>&amp;Einheiten:</translation>
    </message>
    <message>
        <source>Metres, Y up (glTF&apos;s convention)</source>
        <translation>Meter, Y oben (glTF-Konvention)</translation>
    </message>
    <message>
        <source>The source file&apos;s: %1 m per unit, %2 up</source>
        <translation>Die der Quelldatei: %1 m pro Einheit, %2 oben</translation>
    </message>
    <message>
        <source>&amp;Clip:</source>
        <translation>&amp;Clip:</translation>
    </message>
    <message>
        <source>Rest pose</source>
        <translation>Ruhepose</translation>
    </message>
    <message>
        <source>F&amp;rames:</source>
        <translation>Einzel&amp;bilder:</translation>
    </message>
    <message>
        <source>The clip once</source>
        <translation>Der Clip einmal</translation>
    </message>
    <message>
        <source>Frames per &amp;second:</source>
        <translation>Bilder pro &amp;Sekunde:</translation>
    </message>
    <message>
        <source>&amp;Level of detail:</source>
        <translation>&amp;Detailstufe:</translation>
    </message>
    <message>
        <source>The graphics level of detail simulated and written</source>
        <translation>Die grafische Detailstufe, die simuliert und geschrieben wird</translation>
    </message>
    <message>
        <source>Cloth &amp;bones:</source>
        <translation>Stoff&amp;knochen:</translation>
    </message>
    <message>
        <source>How many cloth-driven bones the bake places on the physics mesh</source>
        <translation>Wie viele stoffgetriebene Knochen das Backen auf das Physiknetz setzt</translation>
    </message>
    <message>
        <source>Target&apos;s &amp;maximum bones:</source>
        <translation>&amp;Maximale Knochen des Ziels:</translation>
    </message>
    <message>
        <source>Target&apos;s maximum collision &amp;volumes:</source>
        <translation>Maximale Kollisions&amp;körper des Ziels:</translation>
    </message>
    <message>
        <source>Target&apos;s maximum mor&amp;ph targets:</source>
        <translation>Maximale Mor&amp;ph-Targets des Ziels:</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Keine Grenze</translation>
    </message>
    <message>
        <source>&amp;Allow loss: export without what the target cannot represent</source>
        <translation>&amp;Verlust zulassen: ohne das exportieren, was das Ziel nicht darstellen kann</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>The target represents everything in the asset.</source>
        <translation>Das Ziel stellt alles im Asset dar.</translation>
    </message>
    <message>
        <source>The target cannot represent:</source>
        <translation>Das Ziel kann nicht darstellen:</translation>
    </message>
    <message>
        <source>The document has no garment to export.</source>
        <translation>Das Dokument hat kein Kleidungsstück zum Exportieren.</translation>
    </message>
    <message>
        <source>Choose the file to write.</source>
        <translation>Wählen Sie die zu schreibende Datei.</translation>
    </message>
    <message>
        <source>Tick &quot;Allow loss&quot; to export without what is listed, or change the options.</source>
        <translation>Aktivieren Sie „Verlust zulassen“, um ohne das Aufgeführte zu exportieren, oder ändern Sie die Optionen.</translation>
    </message>
    <message>
        <source>glTF (*.gltf);;Binary glTF (*.glb)</source>
        <translation>glTF (*.gltf);;Binäres glTF (*.glb)</translation>
    </message>
    <message>
        <source>Exporting %1</source>
        <translation>%1 wird exportiert</translation>
    </message>
    <message>
        <source>Export cancelled; %1 was not written.</source>
        <translation>Export abgebrochen; %1 wurde nicht geschrieben.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cannot export %1</source>
        <translation>%1 kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>FBX (*.fbx);;Collada (*.dae)</source>
        <translation>FBX (*.fbx);;Collada (*.dae)</translation>
    </message>
    <message>
        <source>Baked cloth-driven bones (glTF, FBX, Collada)</source>
        <translation>Gebackene stoffgetriebene Knochen (glTF, FBX, Collada)</translation>
    </message>
    <message>
        <source>A .gltf file (embedded buffer) or a binary .glb file; baked bones also a binary .fbx or a Collada .dae file</source>
        <translation>Eine .gltf-Datei (eingebetteter Puffer) oder eine binäre .glb-Datei; gebackene Knochen auch eine binäre .fbx- oder eine Collada-.dae-Datei</translation>
    </message>
    <message>
        <source>Largest file si&amp;ze:</source>
        <translation>Größte Datei&amp;größe:</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Exports estimated larger than this are refused: a long clip at a high frame rate with a bone per vertex makes gigabytes</source>
        <translation>Exporte, die voraussichtlich größer werden, werden abgelehnt: ein langer Clip mit hoher Bildrate und einem Knochen pro Vertex ergibt Gigabytes</translation>
    </message>
    <message>
        <source>Largest file size in megabytes</source>
        <translation>Größte Dateigröße in Megabyte</translation>
    </message>
    <message>
        <source>Estimated file size</source>
        <translation>Geschätzte Dateigröße</translation>
    </message>
    <message>
        <source>Estimated size: %1</source>
        <translation>Geschätzte Größe: %1</translation>
    </message>
    <message>
        <source>The file would be about %1, more than the size limit: export fewer frames, a lower frame rate or fewer cloth bones, or raise the limit.</source>
        <translation>Die Datei würde etwa %1 groß, mehr als die Größengrenze: Exportieren Sie weniger Einzelbilder, eine niedrigere Bildrate oder weniger Stoffknochen, oder heben Sie die Grenze an.</translation>
    </message>
    <message>
        <source>Write the simulation cache&apos;s frames instead of simulating again</source>
        <translation>Die Frames des Simulations-Caches schreiben, statt erneut zu simulieren</translation>
    </message>
    <message>
        <source>Write the cached frames</source>
        <translation>Die zwischengespeicherten Frames schreiben</translation>
    </message>
    <message>
        <source>The frames as simulated in the viewport (with its wind, motion and pre-roll); for the clip, frame rate and LoD they were simulated with, as many frames as are cached</source>
        <translation>Die Frames, wie sie im Viewport simuliert wurden (mit dessen Wind, Bewegung und Vorlauf); für den Clip, die Bildrate und den LoD, mit denen sie simuliert wurden, so viele Frames wie zwischengespeichert sind</translation>
    </message>
    <message>
        <source>Write the simulation cache&apos;s frames instead of simulating again (%1 cached)</source>
        <translation>Die Frames des Simulations-Caches schreiben, statt erneut zu simulieren (%1 zwischengespeichert)</translation>
    </message>
    <message>
        <source>The asset&apos;s set, else one per physics vertex</source>
        <translation>Der Satz des Assets, sonst einer je Physik-Vertex</translation>
    </message>
</context>
<context>
    <name>tweed::editor::GrabTool</name>
    <message>
        <source>Vertex %1</source>
        <translation>Vertex %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Mass: %1 g</source>
        <translation>Masse: %1 g</translation>
    </message>
    <message>
        <source>From its skinned position: %1 cm</source>
        <translation>Von seiner geskinnten Position: %1 cm</translation>
    </message>
    <message>
        <source>Fixed: follows its skinned position</source>
        <translation>Fixiert: folgt seiner geskinnten Position</translation>
    </message>
    <message>
        <source>At its Max Distance (%1 cm)</source>
        <translation>An seiner Max Distance (%1 cm)</translation>
    </message>
    <message>
        <source>Within its Max Distance (%1 cm)</source>
        <translation>Innerhalb seiner Max Distance (%1 cm)</translation>
    </message>
    <message>
        <source>In contact with a collision volume</source>
        <translation>In Kontakt mit einem Kollisionsvolumen</translation>
    </message>
    <message>
        <source>Not touching a collision volume</source>
        <translation>Berührt kein Kollisionsvolumen</translation>
    </message>
</context>
<context>
    <name>tweed::editor::LongOperation</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>tweed::editor::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Overlays</source>
        <translation>&amp;Überlagerungen</translation>
    </message>
    <message>
        <source>&amp;Camera</source>
        <translation>&amp;Kamera</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Fenster</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Simulation</translation>
    </message>
    <message>
        <source>Fabric &amp;Preset</source>
        <translation>&amp;Stoffvorgabe</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <source>Undo History</source>
        <translation>Rückgängig-Verlauf</translation>
    </message>
    <message>
        <source>&lt;original&gt;</source>
        <translation>&lt;Original&gt;</translation>
    </message>
    <message>
        <source>&amp;New from Character...</source>
        <translation>&amp;Neu aus Figur...</translation>
    </message>
    <message>
        <source>Import a character file and start a clothing asset on it</source>
        <translation>Eine Figurendatei importieren und darauf ein Kleidungs-Asset beginnen</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>&amp;Öffnen...</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>Speichern &amp;unter...</translation>
    </message>
    <message>
        <source>&amp;Export Cooked...</source>
        <translation>&amp;Kompiliert exportieren...</translation>
    </message>
    <message>
        <source>Write the asset cooked for the game runtime (.tweedc)</source>
        <translation>Das Asset für die Spiel-Laufzeit kompiliert schreiben (.tweedc)</translation>
    </message>
    <message>
        <source>Re-&amp;import Character</source>
        <translation>Figur neu &amp;importieren</translation>
    </message>
    <message>
        <source>Read the source character again, keeping painted channels, collision volumes and settings</source>
        <translation>Die Quellfigur erneut lesen und dabei gemalte Kanäle, Kollisionskörper und Einstellungen behalten</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Preferences...</source>
        <translation>&amp;Einstellungen...</translation>
    </message>
    <message>
        <source>&amp;Skeleton</source>
        <translation>&amp;Skelett</translation>
    </message>
    <message>
        <source>&amp;Bone Names</source>
        <translation>&amp;Knochennamen</translation>
    </message>
    <message>
        <source>&amp;Wireframe</source>
        <translation>&amp;Drahtgitter</translation>
    </message>
    <message>
        <source>&amp;Normals</source>
        <translation>&amp;Normalen</translation>
    </message>
    <message>
        <source>&amp;Physics Mesh</source>
        <translation>&amp;Physiknetz</translation>
    </message>
    <message>
        <source>&amp;Collision Volumes</source>
        <translation>&amp;Kollisionskörper</translation>
    </message>
    <message>
        <source>&amp;Grid</source>
        <translation>&amp;Raster</translation>
    </message>
    <message>
        <source>Frame &amp;All</source>
        <translation>&amp;Alles einpassen</translation>
    </message>
    <message>
        <source>&amp;Frame Selected</source>
        <translation>Auswahl &amp;einpassen</translation>
    </message>
    <message>
        <source>&amp;Front</source>
        <translation>&amp;Vorne</translation>
    </message>
    <message>
        <source>&amp;Side</source>
        <translation>&amp;Seite</translation>
    </message>
    <message>
        <source>&amp;Top</source>
        <translation>&amp;Oben</translation>
    </message>
    <message>
        <source>&amp;Perspective</source>
        <translation>&amp;Perspektive</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Reset Settings to &amp;Defaults</source>
        <translation>Einstellungen auf &amp;Standard zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;About Tweed</source>
        <translation>&amp;Über Tweed</translation>
    </message>
    <message>
        <source>%1[*] - Tweed</source>
        <translation>%1[*] - Tweed</translation>
    </message>
    <message>
        <source>%1 meshes, %2 vertices, %3 triangles, %4 bones, %5 clips</source>
        <translation>%1 Netze, %2 Vertices, %3 Dreiecke, %4 Knochen, %5 Clips</translation>
    </message>
    <message>
        <source>Characters (%1)</source>
        <translation>Figuren (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled.</source>
        <translation>Das Öffnen von %1 wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <source>Opening %1...</source>
        <translation>%1 wird geöffnet...</translation>
    </message>
    <message>
        <source>Importing %1...</source>
        <translation>%1 wird importiert...</translation>
    </message>
    <message>
        <source>New from Character</source>
        <translation>Neu aus Figur</translation>
    </message>
    <message>
        <source>Clothing assets (*.tweed)</source>
        <translation>Kleidungs-Assets (*.tweed)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Cannot save %1</source>
        <translation>%1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>Export Cooked</source>
        <translation>Kompiliert exportieren</translation>
    </message>
    <message>
        <source>Cooked clothing (*.tweedc)</source>
        <translation>Kompilierte Kleidung (*.tweedc)</translation>
    </message>
    <message>
        <source>Cannot export %1</source>
        <translation>%1 kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exportiert.</translation>
    </message>
    <message>
        <source>Re-importing %1...</source>
        <translation>%1 wird neu importiert...</translation>
    </message>
    <message>
        <source>Re-import cancelled.</source>
        <translation>Neuimport abgebrochen.</translation>
    </message>
    <message>
        <source>Cannot re-import %1</source>
        <translation>%1 kann nicht neu importiert werden</translation>
    </message>
    <message>
        <source>Re-imported %1.</source>
        <translation>%1 neu importiert.</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Autosaved.</source>
        <translation>Automatisch gespeichert.</translation>
    </message>
    <message>
        <source>an untitled asset</source>
        <translation>einem unbenannten Asset</translation>
    </message>
    <message>
        <source>Restoring unsaved work...</source>
        <translation>Ungespeicherte Arbeit wird wiederhergestellt...</translation>
    </message>
    <message>
        <source>Cannot restore unsaved work</source>
        <translation>Ungespeicherte Arbeit kann nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <source>About Tweed</source>
        <translation>Über Tweed</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tweed %1&lt;/h3&gt;&lt;p&gt;An authoring tool for game character clothing: physics meshes, painted constraints, collision volumes and live simulation on the character&apos;s own animation.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tweed %1&lt;/h3&gt;&lt;p&gt;Ein Autorenwerkzeug für die Kleidung von Spielfiguren: Physiknetze, gemalte Bedingungen, Kollisionskörper und Live-Simulation auf der eigenen Animation der Figur.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>E&amp;xport for Engines...</source>
        <translation>Für E&amp;ngines exportieren...</translation>
    </message>
    <message>
        <source>Export the physics mesh, baked cloth-driven bones or a point cache as glTF</source>
        <translation>Das Physiknetz, gebackene stoffgetriebene Knochen oder einen Punkt-Cache als glTF exportieren</translation>
    </message>
    <message>
        <source>&amp;Debug Views</source>
        <translation>&amp;Debug-Ansichten</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>Fabric Presets</source>
        <translation>Stoffvorgaben</translation>
    </message>
    <message>
        <source>Open a clothing asset (.tweed, or a cooked .tweedc to convert) or a character file</source>
        <translation>Ein Kleidungs-Asset (.tweed oder ein gekochtes .tweedc zum Umwandeln) oder eine Figurendatei öffnen</translation>
    </message>
    <message>
        <source>Opened %1, converted from a cooked file; saving writes a .tweed asset.</source>
        <translation>%1 geöffnet, aus einer gekochten Datei umgewandelt; Speichern schreibt ein .tweed-Asset.</translation>
    </message>
    <message>
        <source>Clothing assets (*.tweed *.tweedc)</source>
        <translation>Kleidungs-Assets (*.tweed *.tweedc)</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Workspaces</source>
        <translation>Arbeitsbereiche</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>&amp;Fenster</translation>
    </message>
    <message>
        <source>Put the panels of the current workspace back where they start</source>
        <translation>Die Bedienfelder des aktuellen Arbeitsbereichs an ihren Anfangsplatz zurücksetzen</translation>
    </message>
    <message numerus="yes">
        <source>%1 %n warning(s) in the Messages panel.</source>
        <translation>
            <numerusform>%1 %n Warnung im Bedienfeld Meldungen.</numerusform>
            <numerusform>%1 %n Warnungen im Bedienfeld Meldungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Restored work</source>
        <translation>Wiederhergestellte Arbeit</translation>
    </message>
    <message>
        <source>Restored unsaved work.</source>
        <translation>Ungespeicherte Arbeit wiederhergestellt.</translation>
    </message>
    <message>
        <source>New Cloth &amp;Patch...</source>
        <translation>Neues &amp;Stoffstück...</translation>
    </message>
    <message>
        <source>Start an asset on a pinned sheet of cloth, to try a fabric without a character</source>
        <translation>Ein Asset auf einem gehaltenen Stoffstück beginnen, um einen Stoff ohne Figur zu testen</translation>
    </message>
    <message>
        <source>New Ro&amp;pe...</source>
        <translation>Neues S&amp;eil...</translation>
    </message>
    <message>
        <source>Start an asset on a hanging rope, to try a fabric without a character</source>
        <translation>Ein Asset auf einem hängenden Seil beginnen, um einen Stoff ohne Figur zu testen</translation>
    </message>
    <message>
        <source>Making the rope...</source>
        <translation>Seil wird erstellt...</translation>
    </message>
    <message>
        <source>Making the cloth patch...</source>
        <translation>Stoffstück wird erstellt...</translation>
    </message>
    <message>
        <source>Cannot make the rope</source>
        <translation>Das Seil kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>Cannot make the patch</source>
        <translation>Das Stoffstück kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>New rope: play to watch it hang.</source>
        <translation>Neues Seil: Abspielen, um es hängen zu sehen.</translation>
    </message>
    <message>
        <source>New cloth patch: play to watch it hang.</source>
        <translation>Neues Stoffstück: Abspielen, um es hängen zu sehen.</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>Simulating.</source>
        <translation>Simulation läuft.</translation>
    </message>
</context>
<context>
    <name>tweed::editor::MaskBitsPicker</name>
    <message>
        <source>Latch group %1</source>
        <translation>Latch-Gruppe %1</translation>
    </message>
</context>
<context>
    <name>tweed::editor::MessagesDock</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Meldungen</translation>
    </message>
    <message>
        <source>Message List</source>
        <translation>Meldungsliste</translation>
    </message>
    <message>
        <source>Warnings about the character and the asset, newest last</source>
        <translation>Warnungen zur Figur und zum Asset, die neueste zuletzt</translation>
    </message>
    <message>
        <source>Clear Messages</source>
        <translation>Meldungen löschen</translation>
    </message>
</context>
<context>
    <name>tweed::editor::OutlinerDock</name>
    <message>
        <source>Outliner</source>
        <translation>Gliederung</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Character meshes (%1)</source>
        <translation>Netze der Figur (%1)</translation>
    </message>
    <message>
        <source>Garment LoDs (%1)</source>
        <translation>LoDs des Kleidungsstücks (%1)</translation>
    </message>
    <message>
        <source>Physics meshes (%1)</source>
        <translation>Physiknetze (%1)</translation>
    </message>
    <message>
        <source>Bones (%1)</source>
        <translation>Knochen (%1)</translation>
    </message>
    <message>
        <source>Collision volumes (%1)</source>
        <translation>Kollisionskörper (%1)</translation>
    </message>
    <message>
        <source>Clips (%1)</source>
        <translation>Clips (%1)</translation>
    </message>
    <message>
        <source>%1 vertices, %2 triangles</source>
        <translation>%1 Vertices, %2 Dreiecke</translation>
    </message>
    <message>
        <source>Submesh %1</source>
        <translation>Teilnetz %1</translation>
    </message>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n Dreieck</numerusform>
            <numerusform>%n Dreiecke</numerusform>
        </translation>
    </message>
    <message>
        <source>Mesh %1</source>
        <translation>Netz %1</translation>
    </message>
    <message>
        <source>LoD %1</source>
        <translation>LoD %1</translation>
    </message>
    <message>
        <source>Physics mesh %1</source>
        <translation>Physiknetz %1</translation>
    </message>
    <message>
        <source>Bone %1</source>
        <translation>Knochen %1</translation>
    </message>
    <message>
        <source>Volume %1</source>
        <translation>Körper %1</translation>
    </message>
    <message>
        <source>Clip %1</source>
        <translation>Clip %1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PaintDock</name>
    <message>
        <source>Picked %1</source>
        <translation>Wert aufgenommen: %1</translation>
    </message>
    <message>
        <source>Picked mask 0x%1</source>
        <translation>Maske aufgenommen: 0x%1</translation>
    </message>
    <message>
        <source>Painting</source>
        <translation>Malen</translation>
    </message>
    <message>
        <source> cm</source>
        <translation> cm</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>cm</source>
        <translation>cm</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>Open a character to paint its garment</source>
        <translation>Öffnen Sie eine Figur, um ihr Kleidungsstück zu bemalen</translation>
    </message>
    <message>
        <source>Paint</source>
        <translation>Malen</translation>
    </message>
    <message>
        <source>Paint in the viewport with the left mouse button; Alt and the other buttons still move the camera</source>
        <translation>Im Ansichtsfenster mit der linken Maustaste malen; Alt und die anderen Maustasten bewegen weiterhin die Kamera</translation>
    </message>
    <message>
        <source>&amp;Paint Channels</source>
        <translation>Kanäle &amp;malen</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>The per-vertex channel to paint</source>
        <translation>Der zu malende Kanal pro Vertex</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Gruppen</translation>
    </message>
    <message>
        <source>The latch groups (bits) the tools set or clear</source>
        <translation>Die Latch-Gruppen (Bits), die die Werkzeuge setzen oder löschen</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>Pinsel</translation>
    </message>
    <message>
        <source>Smooth</source>
        <translation>Glätten</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>Füllen</translation>
    </message>
    <message>
        <source>Gradient</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Pick</source>
        <translation>Pipette</translation>
    </message>
    <message>
        <source>Lasso</source>
        <translation>Lasso</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Rechteck</translation>
    </message>
    <message>
        <source>Drag over the garment to paint the value</source>
        <translation>Über das Kleidungsstück ziehen, um den Wert zu malen</translation>
    </message>
    <message>
        <source>Drag to even out the values under the brush</source>
        <translation>Ziehen, um die Werte unter dem Pinsel auszugleichen</translation>
    </message>
    <message>
        <source>Click to give the whole garment (or the connected piece) the value</source>
        <translation>Klicken, um dem ganzen Kleidungsstück (oder dem zusammenhängenden Teil) den Wert zu geben</translation>
    </message>
    <message>
        <source>Click the start, then the end: values blend from Value to End value along the surface</source>
        <translation>Erst den Anfang, dann das Ende anklicken: Die Werte gehen entlang der Oberfläche von Wert zu Endwert über</translation>
    </message>
    <message>
        <source>Click to take the value under the cursor</source>
        <translation>Klicken, um den Wert unter dem Cursor aufzunehmen</translation>
    </message>
    <message>
        <source>Draw a loop around vertices to give them the value</source>
        <translation>Eine Schleife um Vertices zeichnen, um ihnen den Wert zu geben</translation>
    </message>
    <message>
        <source>Drag a rectangle around vertices to give them the value</source>
        <translation>Ein Rechteck um Vertices ziehen, um ihnen den Wert zu geben</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>Radius</translation>
    </message>
    <message>
        <source>The brush radius in the scene ([ and ] in the viewport)</source>
        <translation>Der Pinselradius in der Szene ([ und ] im Ansichtsfenster)</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Stärke</translation>
    </message>
    <message>
        <source>How far one dab moves a value towards its target at the centre</source>
        <translation>Wie weit ein Tupfer einen Wert in der Mitte auf sein Ziel zubewegt</translation>
    </message>
    <message>
        <source>Falloff</source>
        <translation>Abnahme</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>Konstant</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Linear</translation>
    </message>
    <message>
        <source>Sharp</source>
        <translation>Scharf</translation>
    </message>
    <message>
        <source>How the brush weakens from its centre to its rim</source>
        <translation>Wie der Pinsel von der Mitte zum Rand schwächer wird</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Addieren</translation>
    </message>
    <message>
        <source>Subtract</source>
        <translation>Subtrahieren</translation>
    </message>
    <message>
        <source>Multiply</source>
        <translation>Multiplizieren</translation>
    </message>
    <message>
        <source>Values: set to, add, subtract or multiply by Value.
Masks: set the groups exactly, add them, remove them or keep only them</source>
        <translation>Werte: auf Wert setzen, Wert addieren, subtrahieren oder mit Wert multiplizieren.
Masken: die Gruppen genau setzen, hinzufügen, entfernen oder nur diese behalten</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>What the tools paint (the gradient&apos;s start value)</source>
        <translation>Was die Werkzeuge malen (der Startwert des Verlaufs)</translation>
    </message>
    <message>
        <source>End value</source>
        <translation>Endwert</translation>
    </message>
    <message>
        <source>The gradient&apos;s value at its end point</source>
        <translation>Der Wert des Verlaufs an seinem Endpunkt</translation>
    </message>
    <message>
        <source>Reach</source>
        <translation>Reichweite</translation>
    </message>
    <message>
        <source>Whole mesh</source>
        <translation>Ganzes Netz</translation>
    </message>
    <message>
        <source>Connected region</source>
        <translation>Zusammenhängender Bereich</translation>
    </message>
    <message>
        <source>Fill the whole garment, or only the piece under the cursor</source>
        <translation>Das ganze Kleidungsstück füllen oder nur das Teil unter dem Cursor</translation>
    </message>
    <message>
        <source>Paint through</source>
        <translation>Durchmalen</translation>
    </message>
    <message>
        <source>Also paint vertices hidden behind other parts of the garment; otherwise only what the camera sees changes</source>
        <translation>Auch Vertices malen, die hinter anderen Teilen des Kleidungsstücks verborgen sind; sonst ändert sich nur, was die Kamera sieht</translation>
    </message>
    <message>
        <source>Symmetry</source>
        <translation>Symmetrie</translation>
    </message>
    <message>
        <source>Mirror</source>
        <translation>Spiegeln</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>Y</source>
        <translation>Y</translation>
    </message>
    <message>
        <source>Z</source>
        <translation>Z</translation>
    </message>
    <message>
        <source>Paint the mirror image across the character&apos;s plane too</source>
        <translation>Auch das Spiegelbild an der Ebene der Figur malen</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Zuordnung</translation>
    </message>
    <message>
        <source>By position</source>
        <translation>Nach Position</translation>
    </message>
    <message>
        <source>By topology</source>
        <translation>Nach Topologie</translation>
    </message>
    <message>
        <source>Find mirror vertices by position within the tolerance, or follow the mesh&apos;s connections for meshes that are not placed exactly symmetrically</source>
        <translation>Spiegelvertices nach Position innerhalb der Toleranz finden oder bei nicht exakt symmetrisch platzierten Netzen den Verbindungen des Netzes folgen</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Toleranz</translation>
    </message>
    <message>
        <source>How far a mirrored vertex may be from its partner&apos;s mirror image</source>
        <translation>Wie weit ein gespiegelter Vertex vom Spiegelbild seines Partners entfernt sein darf</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>Anzeige</translation>
    </message>
    <message>
        <source>Show on</source>
        <translation>Anzeigen auf</translation>
    </message>
    <message>
        <source>Graphics mesh</source>
        <translation>Grafiknetz</translation>
    </message>
    <message>
        <source>Physics mesh</source>
        <translation>Physiknetz</translation>
    </message>
    <message>
        <source>Colour the garment, or the physics mesh that simulates it</source>
        <translation>Das Kleidungsstück oder das Physiknetz, das es simuliert, einfärben</translation>
    </message>
    <message>
        <source>Ramp from</source>
        <translation>Farbskala von</translation>
    </message>
    <message>
        <source>The value shown dark blue</source>
        <translation>Der dunkelblau dargestellte Wert</translation>
    </message>
    <message>
        <source>Ramp to</source>
        <translation>Farbskala bis</translation>
    </message>
    <message>
        <source>The value shown red</source>
        <translation>Der rot dargestellte Wert</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Anpassen</translation>
    </message>
    <message>
        <source>Fit the ramp to the channel&apos;s values</source>
        <translation>Die Farbskala an die Werte des Kanals anpassen</translation>
    </message>
    <message>
        <source>Exponential Mass Gradient</source>
        <translation>Exponentieller Massenverlauf</translation>
    </message>
    <message numerus="yes">
        <source>%n vertices changed</source>
        <translation>
            <numerusform>%n Vertex geändert</numerusform>
            <numerusform>%n Vertices geändert</numerusform>
        </translation>
    </message>
    <message>
        <source>Mass Gradient</source>
        <translation>Massenverlauf</translation>
    </message>
    <message>
        <source>Factor per level</source>
        <translation>Faktor pro Stufe</translation>
    </message>
    <message>
        <source>How many times as heavy each level is as the one below it</source>
        <translation>Wie viel mal so schwer jede Stufe ist wie die darunter</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>Stufen</translation>
    </message>
    <message>
        <source>How many levels (edge rings out from the pinned vertices) grow heavier; the rest keep a Mass Scale of 1</source>
        <translation>Wie viele Stufen (Kantenringe von den fixierten Vertices aus) schwerer werden; der Rest behält den Massenfaktor 1</translation>
    </message>
    <message>
        <source>Apply Exponential Mass Gradient</source>
        <translation>Exponentiellen Massenverlauf anwenden</translation>
    </message>
    <message>
        <source>Sets the Mass Scale channel: heaviest at the pinned vertices (Max Distance 0), each level lighter by the factor</source>
        <translation>Setzt den Massenfaktor-Kanal: am schwersten an den fixierten Vertices (Max Distance 0), jede Stufe um den Faktor leichter</translation>
    </message>
    <message>
        <source>Paint Tool</source>
        <translation>Malwerkzeug</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PaintTool</name>
    <message numerus="yes">
        <source>%n vertices changed</source>
        <translation>
            <numerusform>%n Vertex geändert</numerusform>
            <numerusform>%n Vertices geändert</numerusform>
        </translation>
    </message>
    <message>
        <source>Fill region with %1</source>
        <translation>Bereich mit %1 füllen</translation>
    </message>
    <message>
        <source>Fill %1</source>
        <translation>%1 füllen</translation>
    </message>
    <message>
        <source>Gradients paint value channels, not masks</source>
        <translation>Verläufe malen Wertkanäle, keine Masken</translation>
    </message>
    <message>
        <source>Click where the gradient ends</source>
        <translation>Klicken Sie dort, wo der Verlauf endet</translation>
    </message>
    <message>
        <source>Gradient on %1</source>
        <translation>Verlauf auf %1</translation>
    </message>
    <message>
        <source>Paint selection on %1</source>
        <translation>Auswahl auf %1 malen</translation>
    </message>
    <message>
        <source>Smooth %1</source>
        <translation>%1 glätten</translation>
    </message>
    <message>
        <source>Paint %1</source>
        <translation>%1 malen</translation>
    </message>
    <message>
        <source>bits set</source>
        <translation>Bits gesetzt</translation>
    </message>
    <message>
        <source>bits clear</source>
        <translation>Bits gelöscht</translation>
    </message>
    <message>
        <source>Paint</source>
        <translation>Malen</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PhysicsMeshDock</name>
    <message>
        <source>cm</source>
        <translation>cm</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>LoD %1 · %2 vertices</source>
        <translation>LoD %1 · %2 Vertices</translation>
    </message>
    <message>
        <source>Own physics mesh</source>
        <translation>Eigenes Physiknetz</translation>
    </message>
    <message>
        <source>Share the physics mesh of LoD %1</source>
        <translation>Physiknetz von LoD %1 mitverwenden</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>max %1 %, mean %2 %</source>
        <translation>max. %1 %, Mittel %2 %</translation>
    </message>
    <message>
        <source>%1°</source>
        <translation>%1°</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 far, %2 failed, largest offset %3</source>
        <translation>%1 fern, %2 fehlgeschlagen, größter Versatz %3</translation>
    </message>
    <message>
        <source>Custom Physics Mesh</source>
        <translation>Benutzerdefiniertes Physiknetz</translation>
    </message>
    <message>
        <source>Meshes (*.obj *.fbx *.dae *.gltf *.glb *.ply *.stl);;All files (*)</source>
        <translation>Netze (*.obj *.fbx *.dae *.gltf *.glb *.ply *.stl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Own physics mesh (current path settings)</source>
        <translation>Eigenes Physiknetz (aktuelle Erzeugungseinstellungen)</translation>
    </message>
    <message>
        <source>Cancelled: nothing changed.</source>
        <translation>Abgebrochen: Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Failed: nothing changed.</source>
        <translation>Fehlgeschlagen: Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Generate Physics Mesh</source>
        <translation>Physiknetz erzeugen</translation>
    </message>
    <message>
        <source>There is no garment LoD to generate for.</source>
        <translation>Es gibt keinen LoD des Kleidungsstücks, für den erzeugt werden kann.</translation>
    </message>
    <message>
        <source>No submesh is chosen: check at least one submesh of the garment.</source>
        <translation>Kein Teilnetz gewählt: Aktivieren Sie mindestens ein Teilnetz des Kleidungsstücks.</translation>
    </message>
    <message>
        <source>No garment mesh is chosen: check at least one character mesh.</source>
        <translation>Kein Netz des Kleidungsstücks gewählt: Aktivieren Sie mindestens ein Netz der Figur.</translation>
    </message>
    <message>
        <source>Generating the physics mesh…</source>
        <translation>Physiknetz wird erzeugt…</translation>
    </message>
    <message>
        <source>The physics mesh of LoD %1 was not generated: %2</source>
        <translation>Das Physiknetz von LoD %1 wurde nicht erzeugt: %2</translation>
    </message>
    <message>
        <source>Generate physics mesh</source>
        <translation>Physiknetz erzeugen</translation>
    </message>
    <message>
        <source>Generated %1 vertices in %2 s.</source>
        <translation>%1 Vertices in %2 s erzeugt.</translation>
    </message>
    <message>
        <source>Auto Setup</source>
        <translation>Automatisch einrichten</translation>
    </message>
    <message>
        <source>Auto Setup needs the source character: open a character or an asset whose character file is found.</source>
        <translation>Automatisch einrichten braucht den Quellcharakter: Öffnen Sie einen Charakter oder ein Asset, dessen Charakterdatei gefunden wird.</translation>
    </message>
    <message>
        <source>Auto Setup…</source>
        <translation>Automatisch einrichten…</translation>
    </message>
    <message>
        <source>Auto Setup changed nothing: %1</source>
        <translation>Automatisch einrichten hat nichts geändert: %1</translation>
    </message>
    <message>
        <source>Auto Setup done in %1 s: every clip passes the measures.</source>
        <translation>Automatisch eingerichtet in %1 s: Jeder Clip erfüllt die Maße.</translation>
    </message>
    <message numerus="yes">
        <source>Auto Setup done in %1 s: %n measure(s) still fail.</source>
        <translation>
            <numerusform>Automatisch eingerichtet in %1 s: %n Maß wird noch verfehlt.</numerusform>
            <numerusform>Automatisch eingerichtet in %1 s: %n Maße werden noch verfehlt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Chooses the layers, physics mesh, pinned region, Max Distance, backstop, collision volumes, bone-weight repair and settings from the character and all its clips, and checks every clip</source>
        <translation>Wählt Schichten, Physiknetz, fixierten Bereich, Max Distance, Backstop, Kollisionsvolumen, Reparatur der Knochengewichte und Einstellungen aus dem Charakter und allen seinen Clips und prüft jeden Clip</translation>
    </message>
    <message>
        <source>Auto Setup report</source>
        <translation>Bericht der automatischen Einrichtung</translation>
    </message>
    <message>
        <source>Add LoD</source>
        <translation>LoD hinzufügen</translation>
    </message>
    <message>
        <source>Adding a LoD…</source>
        <translation>LoD wird hinzugefügt…</translation>
    </message>
    <message>
        <source>The LoD was not added: %1</source>
        <translation>Der LoD wurde nicht hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Added LoD %1.</source>
        <translation>LoD %1 hinzugefügt.</translation>
    </message>
    <message>
        <source>LoD %1 cannot share the physics mesh of LoD %2: %3</source>
        <translation>LoD %1 kann das Physiknetz von LoD %2 nicht mitverwenden: %3</translation>
    </message>
    <message>
        <source>Share Physics Mesh</source>
        <translation>Physiknetz mitverwenden</translation>
    </message>
    <message>
        <source>Share physics mesh</source>
        <translation>Physiknetz mitverwenden</translation>
    </message>
    <message>
        <source>Physics Mesh</source>
        <translation>Physiknetz</translation>
    </message>
    <message>
        <source>Level of detail</source>
        <translation>Detailstufe</translation>
    </message>
    <message>
        <source>Add LoD from mesh…</source>
        <translation>LoD aus Netz hinzufügen…</translation>
    </message>
    <message>
        <source>A new graphical LoD made of one of the character&apos;s meshes</source>
        <translation>Ein neuer grafischer LoD aus einem der Netze der Figur</translation>
    </message>
    <message>
        <source>Physics mesh</source>
        <translation>Physiknetz</translation>
    </message>
    <message>
        <source>Garment</source>
        <translation>Kleidungsstück</translation>
    </message>
    <message>
        <source>Character meshes that make the garment:</source>
        <translation>Netze der Figur, die das Kleidungsstück bilden:</translation>
    </message>
    <message>
        <source>Submeshes simulated:</source>
        <translation>Simulierte Teilnetze:</translation>
    </message>
    <message>
        <source>Only vertices painted Physics on</source>
        <translation>Nur Vertices, die mit Physik „an“ bemalt sind</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Erzeugung</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>Immediate</source>
        <translation>Direkt</translation>
    </message>
    <message>
        <source>Weld</source>
        <translation>Verschweißen</translation>
    </message>
    <message>
        <source>Simplify</source>
        <translation>Vereinfachen</translation>
    </message>
    <message>
        <source>Iso-surface</source>
        <translation>Isofläche</translation>
    </message>
    <message>
        <source>Custom mesh</source>
        <translation>Eigenes Netz</translation>
    </message>
    <message>
        <source>The garment&apos;s triangles as they are</source>
        <translation>Die Dreiecke des Kleidungsstücks, wie sie sind</translation>
    </message>
    <message>
        <source>Vertices within the weld tolerance merged: seams are sewn</source>
        <translation>Vertices innerhalb der Schweißtoleranz verschmolzen: Nähte werden geschlossen</translation>
    </message>
    <message>
        <source>Welded, then reduced to the target with even triangles</source>
        <translation>Verschweißt, dann mit gleichmäßigen Dreiecken auf das Ziel reduziert</translation>
    </message>
    <message>
        <source>One outer layer wrapped over a layered garment</source>
        <translation>Eine äußere Hülle über einem mehrlagigen Kleidungsstück</translation>
    </message>
    <message>
        <source>Your own low-resolution mesh from a file</source>
        <translation>Ihr eigenes Netz mit niedriger Auflösung aus einer Datei</translation>
    </message>
    <message>
        <source>Soft body (tetrahedra)</source>
        <translation>Weichkörper (Tetraeder)</translation>
    </message>
    <message>
        <source>Tetrahedra filling the iso-surface, simulated as a soft body that keeps its volume</source>
        <translation>Tetraeder, die die Isofläche füllen, simuliert als Weichkörper, der sein Volumen behält</translation>
    </message>
    <message>
        <source>Contraction</source>
        <translation>Kontraktion</translation>
    </message>
    <message>
        <source>Outer layer</source>
        <translation>Äußere Schicht</translation>
    </message>
    <message>
        <source>Moves the outer layer inward; at 1 it lies on the medial surface of the layers it wraps</source>
        <translation>Bewegt die äußere Schicht nach innen; bei 1 liegt sie auf der Mittelfläche der umhüllten Schichten</translation>
    </message>
    <message>
        <source>Weld tolerance</source>
        <translation>Schweißtoleranz</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Vertex count</source>
        <translation>Vertexanzahl</translation>
    </message>
    <message>
        <source>Edge length</source>
        <translation>Kantenlänge</translation>
    </message>
    <message>
        <source>Target vertices</source>
        <translation>Ziel-Vertexanzahl</translation>
    </message>
    <message>
        <source>Target edge length</source>
        <translation>Ziel-Kantenlänge</translation>
    </message>
    <message>
        <source>Close holes below</source>
        <translation>Löcher schließen unter</translation>
    </message>
    <message>
        <source>Boundary loops shorter than this are closed; 0 keeps every hole</source>
        <translation>Kürzere Randschleifen werden geschlossen; 0 behält alle Löcher</translation>
    </message>
    <message>
        <source>Keep all holes</source>
        <translation>Alle Löcher behalten</translation>
    </message>
    <message>
        <source>Subdivisions</source>
        <translation>Unterteilungen</translation>
    </message>
    <message>
        <source>Voxel size</source>
        <translation>Voxelgröße</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Versatz</translation>
    </message>
    <message>
        <source>One voxel</source>
        <translation>Ein Voxel</translation>
    </message>
    <message>
        <source>Mesh file</source>
        <translation>Netzdatei</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Normals</source>
        <translation>Normalen</translation>
    </message>
    <message>
        <source>From the mesh</source>
        <translation>Aus dem Netz</translation>
    </message>
    <message>
        <source>From the bones</source>
        <translation>Aus den Knochen</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Erzeugen</translation>
    </message>
    <message>
        <source>Builds the LoD&apos;s physics mesh again; the paint is kept</source>
        <translation>Erstellt das Physiknetz des LoD neu; die Bemalung bleibt erhalten</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>Vertices</source>
        <translation>Vertices</translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation>Dreiecke</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>Zusammenhangskomponenten</translation>
    </message>
    <message>
        <source>Boundary loops</source>
        <translation>Randschleifen</translation>
    </message>
    <message>
        <source>Surface error</source>
        <translation>Oberflächenfehler</translation>
    </message>
    <message>
        <source>Smallest angle</source>
        <translation>Kleinster Winkel</translation>
    </message>
    <message>
        <source>Edge-length spread</source>
        <translation>Streuung der Kantenlängen</translation>
    </message>
    <message>
        <source>Skin map</source>
        <translation>Skin-Map</translation>
    </message>
    <message>
        <source>Vertices of the physics mesh: its simulation cost</source>
        <translation>Vertices des Physiknetzes: seine Simulationskosten</translation>
    </message>
    <message>
        <source>Triangles of the physics mesh</source>
        <translation>Dreiecke des Physiknetzes</translation>
    </message>
    <message>
        <source>Separate pieces</source>
        <translation>Getrennte Teile</translation>
    </message>
    <message>
        <source>Open edge loops: holes and the garment&apos;s openings</source>
        <translation>Offene Kantenschleifen: Löcher und die Öffnungen des Kleidungsstücks</translation>
    </message>
    <message>
        <source>Distance to the graphics surface in % of the garment&apos;s bounding-box diagonal</source>
        <translation>Abstand zur Grafikoberfläche in % der Bounding-Box-Diagonale des Kleidungsstücks</translation>
    </message>
    <message>
        <source>The sharpest triangle corner; thin triangles make the cloth unstable</source>
        <translation>Die spitzeste Dreiecksecke; dünne Dreiecke machen den Stoff instabil</translation>
    </message>
    <message>
        <source>Standard deviation of the edge lengths over their mean</source>
        <translation>Standardabweichung der Kantenlängen im Verhältnis zu ihrem Mittelwert</translation>
    </message>
    <message>
        <source>Graphics vertices bound far from their physics triangle, not bound at all, and the largest height above a triangle</source>
        <translation>Grafikvertices, die weit von ihrem Physikdreieck entfernt oder gar nicht gebunden sind, und die größte Höhe über einem Dreieck</translation>
    </message>
    <message>
        <source>Checking the clips…</source>
        <translation>Prüfe die Clips…</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>Nicht geprüft: %1</translation>
    </message>
    <message>
        <source>Not checked: the garment has no bone weights</source>
        <translation>Nicht geprüft: das Kleidungsstück hat keine Knochengewichte</translation>
    </message>
    <message>
        <source>largest %1 (graphics mesh %2) over %3</source>
        <translation>größte %1 (Grafiknetz %2) über %3</translation>
    </message>
    <message>
        <source>a procedural motion</source>
        <translation>eine prozedurale Bewegung</translation>
    </message>
    <message numerus="yes">
        <source>the clips (%n poses)</source>
        <translation>
            <numerusform>die Clips (%n Pose)</numerusform>
            <numerusform>die Clips (%n Posen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>
Torn by the bones: %n edges; worst: vertices %1-%2 (%3), %4 at %5 s</source>
        <translation>
            <numerusform>
Von den Knochen gerissen: %n Kante; schlimmste: Vertices %1-%2 (%3), %4 bei %5 s</numerusform>
            <numerusform>
Von den Knochen gerissen: %n Kanten; schlimmste: Vertices %1-%2 (%3), %4 bei %5 s</numerusform>
        </translation>
    </message>
    <message>
        <source>Skinned stretch</source>
        <translation>Dehnung durch Skinning</translation>
    </message>
    <message>
        <source>The largest edge stretch the bones alone cause over the character&apos;s clips, next to the graphics mesh&apos;s own; edges torn far beyond it are drawn in orange</source>
        <translation>Die größte Kantendehnung, die die Knochen allein über die Clips der Figur verursachen, neben der des Grafiknetzes; weit darüber hinaus gerissene Kanten werden orange gezeichnet</translation>
    </message>
    <message>
        <source>Highlight bad bindings and torn edges</source>
        <translation>Schlechte Bindungen und gerissene Kanten hervorheben</translation>
    </message>
    <message>
        <source>Role of mesh %1 (row %2)</source>
        <translation>Rolle des Netzes %1 (Zeile %2)</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Körper</translation>
    </message>
    <message>
        <source>Shell</source>
        <translation>Hülle</translation>
    </message>
    <message>
        <source>Rider</source>
        <translation>Mitläufer</translation>
    </message>
    <message>
        <source>Part of the character: the cloth stays out of it</source>
        <translation>Teil der Figur: Der Stoff bleibt draußen</translation>
    </message>
    <message>
        <source>Builds the physics mesh and is simulated</source>
        <translation>Bildet das Physiknetz und wird simuliert</translation>
    </message>
    <message>
        <source>Follows a shell (a lining, a pocket) and keeps its side of it</source>
        <translation>Folgt einer Hülle (ein Futter, eine Tasche) und bleibt auf ihrer Seite</translation>
    </message>
    <message>
        <source>Set Layer Role</source>
        <translation>Schichtrolle festlegen</translation>
    </message>
    <message>
        <source>There is no mesh named %1.</source>
        <translation>Es gibt kein Netz namens %1.</translation>
    </message>
    <message>
        <source>%1 is part of a garment not made of character meshes: it can be a shell or a rider only.</source>
        <translation>%1 gehört zu einem Kleidungsstück, das nicht aus Netzen der Figur besteht: Es kann nur Hülle oder Mitläufer sein.</translation>
    </message>
    <message>
        <source>The garment needs at least one shell to build its physics mesh.</source>
        <translation>Das Kleidungsstück braucht mindestens eine Hülle, um sein Physiknetz zu bilden.</translation>
    </message>
    <message>
        <source>Set layer roles</source>
        <translation>Schichtrollen festlegen</translation>
    </message>
    <message>
        <source>Layers: each mesh is the body, a shell (simulated) or a rider (follows a shell)</source>
        <translation>Schichten: Jedes Netz ist Körper, Hülle (simuliert) oder Mitläufer (folgt einer Hülle)</translation>
    </message>
    <message>
        <source>Mesh</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Garment layers</source>
        <translation>Schichten des Kleidungsstücks</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PlaybackBar</name>
    <message>
        <source>Animation clip</source>
        <translation>Animationsclip</translation>
    </message>
    <message>
        <source>Step one frame back</source>
        <translation>Ein Bild zurück</translation>
    </message>
    <message>
        <source>Step one frame forward</source>
        <translation>Ein Bild vor</translation>
    </message>
    <message>
        <source>Clip time: drag to scrub</source>
        <translation>Clipzeit: zum Spulen ziehen</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Schleife</translation>
    </message>
    <message>
        <source>Start the clip over when it ends</source>
        <translation>Den Clip am Ende von vorn beginnen</translation>
    </message>
    <message>
        <source> ×</source>
        <comment>playback speed multiplier</comment>
        <translation> ×</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>Wiedergabegeschwindigkeit</translation>
    </message>
    <message>
        <source>Root motion</source>
        <translation>Wurzelbewegung</translation>
    </message>
    <message>
        <source>Let the character travel through the world; off keeps it walking in place</source>
        <translation>Die Figur durch die Welt laufen lassen; aus lässt sie auf der Stelle gehen</translation>
    </message>
    <message>
        <source>Clip %1</source>
        <translation>Clip %1</translation>
    </message>
    <message>
        <source>(no clips: rest pose)</source>
        <translation>(keine Clips: Ruhepose)</translation>
    </message>
    <message>
        <source>%1 / %2 s  %3 / %4</source>
        <comment>time / duration, frame / last frame</comment>
        <translation>%1 / %2 s  %3 / %4</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Clip time: drag to scrub. Simulation cached for frames 0 to %1 of %2 (the orange band)</source>
        <translation>Clip-Zeit: zum Scrubben ziehen. Simulation zwischengespeichert für die Frames 0 bis %1 von %2 (das orange Band)</translation>
    </message>
    <message>
        <source>Simulation cache range</source>
        <translation>Bereich des Simulations-Caches</translation>
    </message>
    <message>
        <source>Frames kept in the simulation cache</source>
        <translation>Im Simulations-Cache gehaltene Frames</translation>
    </message>
    <message>
        <source>Clip</source>
        <translation>Clip</translation>
    </message>
    <message>
        <source>Step Back</source>
        <translation>Schritt zurück</translation>
    </message>
    <message>
        <source>Play or Pause</source>
        <translation>Abspielen oder anhalten</translation>
    </message>
    <message>
        <source>Start or stop playing the clip</source>
        <translation>Den Clip abspielen oder anhalten</translation>
    </message>
    <message>
        <source>Step Forward</source>
        <translation>Schritt vor</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Playback Speed</source>
        <translation>Wiedergabegeschwindigkeit</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PointGizmo</name>
    <message>
        <source>Move pendulum point</source>
        <translation>Pendelpunkt verschieben</translation>
    </message>
    <message>
        <source>Move look-at point</source>
        <translation>Zielpunkt verschieben</translation>
    </message>
    <message>
        <source>Move Look-At Point</source>
        <translation>Zielpunkt verschieben</translation>
    </message>
    <message>
        <source>Move Pendulum Point</source>
        <translation>Pendelpunkt verschieben</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <source>Lengths in:</source>
        <translation>Längen in:</translation>
    </message>
    <message>
        <source>Viewport navigation:</source>
        <translation>Navigation im Ansichtsfenster:</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Farbschema:</translation>
    </message>
    <message>
        <source>Centimetres</source>
        <translation>Zentimeter</translation>
    </message>
    <message>
        <source>Metres</source>
        <translation>Meter</translation>
    </message>
    <message>
        <source>Maya-like (Alt + mouse)</source>
        <translation>Wie Maya (Alt + Maus)</translation>
    </message>
    <message>
        <source>Blender-like (middle mouse)</source>
        <translation>Wie Blender (mittlere Maustaste)</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Simulation cache:</source>
        <translation>Simulations-Cache:</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Simulation cache size</source>
        <translation>Größe des Simulations-Caches</translation>
    </message>
    <message>
        <source>Memory the simulated frames may take (0 keeps none)</source>
        <translation>Speicher, den die simulierten Frames belegen dürfen (0 behält keine)</translation>
    </message>
    <message>
        <source>Pre-roll:</source>
        <translation>Vorlauf:</translation>
    </message>
    <message>
        <source> frames</source>
        <translation> Frames</translation>
    </message>
    <message>
        <source>Pre-roll frames</source>
        <translation>Vorlauf-Frames</translation>
    </message>
    <message>
        <source>Frames the cloth settles on a clip&apos;s first pose before frame 0, so it does not pop</source>
        <translation>Frames, in denen sich der Stoff vor Frame 0 auf der ersten Pose des Clips setzt, damit er nicht springt</translation>
    </message>
    <message>
        <source>Grab strength:</source>
        <translation>Greifstärke:</translation>
    </message>
    <message>
        <source> N/m</source>
        <translation> N/m</translation>
    </message>
    <message>
        <source>Grab spring stiffness</source>
        <translation>Steifigkeit der Greiffeder</translation>
    </message>
    <message>
        <source>Stiffness of the spring the Grab tool pulls the cloth with</source>
        <translation>Steifigkeit der Feder, mit der das Greifwerkzeug am Stoff zieht</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Prompts</name>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation>%1 hat ungespeicherte Änderungen. Zuerst speichern?</translation>
    </message>
    <message>
        <source>Restore unsaved work</source>
        <translation>Ungespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <source>Tweed did not close cleanly last time. Restore the unsaved work on %1?</source>
        <translation>Tweed wurde letztes Mal nicht sauber beendet. Die ungespeicherte Arbeit an %1 wiederherstellen?</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PropertiesDock</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>cm</source>
        <translation>cm</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>Range: %1 to %2%3</source>
        <translation>Bereich: %1 bis %2%3</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Simulation settings</source>
        <translation>Simulationseinstellungen</translation>
    </message>
    <message>
        <source>Fabric preset:</source>
        <translation>Stoffvorgabe:</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Reset every simulation setting to its default</source>
        <translation>Alle Simulationseinstellungen auf ihren Standardwert zurücksetzen</translation>
    </message>
    <message>
        <source>%1 (edited)</source>
        <translation>%1 (geändert)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Vertices</source>
        <translation>Vertices</translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation>Dreiecke</translation>
    </message>
    <message>
        <source>Submeshes</source>
        <translation>Teilnetze</translation>
    </message>
    <message>
        <source>Skinned</source>
        <translation>Gebunden (Skinning)</translation>
    </message>
    <message>
        <source>Texture coordinates</source>
        <translation>Texturkoordinaten</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <source>Base colour texture</source>
        <translation>Grundfarbtextur</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>First triangle</source>
        <translation>Erstes Dreieck</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Character mesh</source>
        <translation>Netz der Figur</translation>
    </message>
    <message>
        <source>Submesh</source>
        <translation>Teilnetz</translation>
    </message>
    <message>
        <source>Garment LoD</source>
        <translation>LoD des Kleidungsstücks</translation>
    </message>
    <message>
        <source>Physics mesh</source>
        <translation>Physiknetz</translation>
    </message>
    <message>
        <source>Skin-map bindings</source>
        <translation>Skin-Map-Bindungen</translation>
    </message>
    <message>
        <source>%1 of %2 vertices</source>
        <translation>%1 von %2 Vertices</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>Zusammenhangskomponenten</translation>
    </message>
    <message>
        <source>Boundary loops</source>
        <translation>Randschleifen</translation>
    </message>
    <message>
        <source>Smallest angle</source>
        <translation>Kleinster Winkel</translation>
    </message>
    <message>
        <source>%1°</source>
        <translation>%1°</translation>
    </message>
    <message>
        <source>Skin-map failures</source>
        <translation>Skin-Map-Fehler</translation>
    </message>
    <message>
        <source>Bone</source>
        <translation>Knochen</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Elternknochen</translation>
    </message>
    <message>
        <source>Children</source>
        <translation>Kinder</translation>
    </message>
    <message>
        <source>Rest position</source>
        <translation>Ruheposition</translation>
    </message>
    <message>
        <source>Collision volume</source>
        <translation>Kollisionskörper</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>none (model space)</source>
        <translation>keiner (Modellraum)</translation>
    </message>
    <message>
        <source>Radii</source>
        <translation>Radien</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>Radius</translation>
    </message>
    <message>
        <source>Half height</source>
        <translation>Halbe Höhe</translation>
    </message>
    <message>
        <source>Clip</source>
        <translation>Clip</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Animated bones</source>
        <translation>Animierte Knochen</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>Asset</source>
        <translation>Asset</translation>
    </message>
    <message>
        <source>Source character</source>
        <translation>Quellfigur</translation>
    </message>
    <message>
        <source>Garment LoDs</source>
        <translation>LoDs des Kleidungsstücks</translation>
    </message>
    <message>
        <source>Collision volumes</source>
        <translation>Kollisionskörper</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1 (fehlt)</translation>
    </message>
    <message>
        <source>Half extents</source>
        <translation>Halbe Ausdehnungen</translation>
    </message>
    <message>
        <source>Planes</source>
        <translation>Ebenen</translation>
    </message>
</context>
<context>
    <name>tweed::editor::RigPanel</name>
    <message>
        <source>Rig</source>
        <translation>Rig</translation>
    </message>
    <message>
        <source>Bones driven from the animated skeleton before the cloth: a look-at turns the bone towards a point on another bone or straight down; a position constraint keeps two bones at their rest distance</source>
        <translation>Knochen, die vor dem Stoff vom animierten Skelett gesteuert werden: ein Look-at dreht den Knochen zu einem Punkt auf einem anderen Knochen oder senkrecht nach unten; eine Positionsbedingung hält zwei Knochen auf ihrem Ruheabstand</translation>
    </message>
    <message>
        <source>Looks at:</source>
        <translation>Blickt auf:</translation>
    </message>
    <message>
        <source>Point:</source>
        <translation>Punkt:</translation>
    </message>
    <message>
        <source>Look-at weight:</source>
        <translation>Look-at-Gewicht:</translation>
    </message>
    <message>
        <source>Keeps distance to:</source>
        <translation>Hält Abstand zu:</translation>
    </message>
    <message>
        <source>Distance weight:</source>
        <translation>Abstandsgewicht:</translation>
    </message>
    <message>
        <source>Nothing, straight down, or a point on another bone</source>
        <translation>Nichts, senkrecht nach unten oder ein Punkt auf einem anderen Knochen</translation>
    </message>
    <message>
        <source>Point x on the target bone</source>
        <translation>Punkt x auf dem Zielknochen</translation>
    </message>
    <message>
        <source>Point y on the target bone</source>
        <translation>Punkt y auf dem Zielknochen</translation>
    </message>
    <message>
        <source>Point z on the target bone</source>
        <translation>Punkt z auf dem Zielknochen</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>Share of the turn applied: 1 aims exactly</source>
        <translation>Anteil der angewandten Drehung: 1 zielt genau</translation>
    </message>
    <message>
        <source>Move Look-At Point</source>
        <translation>Zielpunkt verschieben</translation>
    </message>
    <message>
        <source>Drag the look-at point in the viewport</source>
        <translation>Den Zielpunkt im Ansichtsfenster ziehen</translation>
    </message>
    <message>
        <source>A bone kept at its rest distance from this one</source>
        <translation>Ein Knochen, der auf seinem Ruheabstand zu diesem gehalten wird</translation>
    </message>
    <message>
        <source>Share of the distance correction applied</source>
        <translation>Anteil der angewandten Abstandskorrektur</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>Nichts</translation>
    </message>
    <message>
        <source>Straight down</source>
        <translation>Senkrecht nach unten</translation>
    </message>
    <message>
        <source>Remove Look-At</source>
        <translation>Look-at entfernen</translation>
    </message>
    <message>
        <source>Add Look-At</source>
        <translation>Look-at hinzufügen</translation>
    </message>
    <message>
        <source>Edit Look-At</source>
        <translation>Look-at bearbeiten</translation>
    </message>
    <message>
        <source>Remove Position Constraint</source>
        <translation>Positionsbedingung entfernen</translation>
    </message>
    <message>
        <source>Add Position Constraint</source>
        <translation>Positionsbedingung hinzufügen</translation>
    </message>
    <message>
        <source>Edit Position Constraint</source>
        <translation>Positionsbedingung bearbeiten</translation>
    </message>
</context>
<context>
    <name>tweed::editor::SimulationController</name>
    <message>
        <source>The asset has no garment to simulate.</source>
        <translation>Das Asset hat kein Kleidungsstück zum Simulieren.</translation>
    </message>
    <message>
        <source>The garment cannot be simulated: %1</source>
        <translation>Das Kleidungsstück kann nicht simuliert werden: %1</translation>
    </message>
    <message>
        <source>The simulation stopped: %1</source>
        <translation>Die Simulation wurde angehalten: %1</translation>
    </message>
    <message>
        <source>Bake Clip needs an animation clip.</source>
        <translation>Clip backen braucht einen Animationsclip.</translation>
    </message>
    <message>
        <source>The simulation cache has no room: raise its size in the Preferences.</source>
        <translation>Der Simulations-Cache hat keinen Platz: vergrößern Sie ihn in den Einstellungen.</translation>
    </message>
    <message>
        <source>The clip cannot be baked: %1</source>
        <translation>Der Clip kann nicht gebacken werden: %1</translation>
    </message>
    <message>
        <source>Baking %1...</source>
        <translation>%1 wird gebacken...</translation>
    </message>
    <message numerus="yes">
        <source>%n physics vertices have a backstop radius smaller than their Max Distance: they can slip past the backstop sphere sideways and pull the cloth apart. Paint a radius larger than Max Distance.</source>
        <translation>
            <numerusform>%n Physikvertex hat einen Backstop-Radius kleiner als seine Max Distance: Er kann seitlich an der Backstop-Kugel vorbeigleiten und den Stoff auseinanderziehen. Malen Sie einen Radius größer als Max Distance.</numerusform>
            <numerusform>%n Physikvertices haben einen Backstop-Radius kleiner als ihre Max Distance: Sie können seitlich an der Backstop-Kugel vorbeigleiten und den Stoff auseinanderziehen. Malen Sie einen Radius größer als Max Distance.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tweed::editor::SimulationDock</name>
    <message>
        <source>&amp;Pause Simulation</source>
        <translation>Simulation &amp;anhalten</translation>
    </message>
    <message>
        <source>&amp;Play Simulation</source>
        <translation>Simulation &amp;abspielen</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Pause the clip and the simulation</source>
        <translation>Clip und Simulation anhalten</translation>
    </message>
    <message>
        <source>Simulate the garment while the clip plays</source>
        <translation>Das Kleidungsstück simulieren, während der Clip läuft</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>S&amp;imulate Garment</source>
        <translation>Kleidungsstück s&amp;imulieren</translation>
    </message>
    <message>
        <source>S&amp;tep One Frame</source>
        <translation>Ein Bild &amp;weiter</translation>
    </message>
    <message>
        <source>&amp;Reset Simulation</source>
        <translation>Simulation &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Simulate the garment</source>
        <translation>Kleidungsstück simulieren</translation>
    </message>
    <message>
        <source>Show the simulated garment instead of the skinned one</source>
        <translation>Das simulierte statt des per Skinning verformten Kleidungsstücks zeigen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Simulate one frame of the clip</source>
        <translation>Ein Bild des Clips simulieren</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Put the garment back on its skinned pose, at rest</source>
        <translation>Das Kleidungsstück in Ruhe auf seine Skinning-Pose zurücksetzen</translation>
    </message>
    <message>
        <source>World motion</source>
        <translation>Bewegung in der Welt</translation>
    </message>
    <message>
        <source>None (the clip only)</source>
        <translation>Keine (nur der Clip)</translation>
    </message>
    <message>
        <source>Walk in a circle</source>
        <translation>Im Kreis gehen</translation>
    </message>
    <message>
        <source>Jump</source>
        <translation>Springen</translation>
    </message>
    <message>
        <source>Spin</source>
        <translation>Drehen</translation>
    </message>
    <message>
        <source>Moves the character through the world on top of the clip, or on its own when the character has no clip</source>
        <translation>Bewegt die Figur zusätzlich zum Clip durch die Welt, oder allein, wenn die Figur keinen Clip hat</translation>
    </message>
    <message>
        <source>Show skinned positions</source>
        <translation>Skinning-Positionen zeigen</translation>
    </message>
    <message>
        <source>A line from each simulated vertex to where skinning puts it</source>
        <translation>Eine Linie von jedem simulierten Vertex zu seiner Skinning-Position</translation>
    </message>
    <message>
        <source>Show velocities</source>
        <translation>Geschwindigkeiten zeigen</translation>
    </message>
    <message>
        <source>Each vertex&apos;s motion over the next tenth of a second</source>
        <translation>Die Bewegung jedes Vertex in der nächsten Zehntelsekunde</translation>
    </message>
    <message>
        <source>Show stretch</source>
        <translation>Dehnung zeigen</translation>
    </message>
    <message>
        <source>Edges coloured by length over rest length: blue compressed, green at rest, red stretched by 10% or more</source>
        <translation>Kanten nach Länge zur Ruhelänge gefärbt: blau gestaucht, grün in Ruhe, rot um 10 % oder mehr gedehnt</translation>
    </message>
    <message>
        <source>Wind direction</source>
        <translation>Windrichtung</translation>
    </message>
    <message>
        <source>Compass direction the wind blows towards: 0° is +X, 90° is +Z</source>
        <translation>Himmelsrichtung, in die der Wind weht: 0° ist +X, 90° ist +Z</translation>
    </message>
    <message>
        <source>Wind elevation</source>
        <translation>Windhöhe</translation>
    </message>
    <message>
        <source>Angle of the wind above the ground plane</source>
        <translation>Winkel des Windes über der Bodenebene</translation>
    </message>
    <message>
        <source>Wind strength</source>
        <translation>Windstärke</translation>
    </message>
    <message>
        <source> m/s</source>
        <translation> m/s</translation>
    </message>
    <message>
        <source>Wind speed in metres per second</source>
        <translation>Windgeschwindigkeit in Metern pro Sekunde</translation>
    </message>
    <message>
        <source>Cache: needs an animation clip</source>
        <translation>Cache: braucht einen Animationsclip</translation>
    </message>
    <message>
        <source>Cache: %1 of %2 frames of this clip; %3 MB of %4 MB used</source>
        <translation>Cache: %1 von %2 Frames dieses Clips; %3 MB von %4 MB belegt</translation>
    </message>
    <message>
        <source>Bake Clip</source>
        <translation>Clip backen</translation>
    </message>
    <message>
        <source>Simulate the whole clip into the cache, with progress and Cancel</source>
        <translation>Den ganzen Clip in den Cache simulieren, mit Fortschritt und Abbrechen</translation>
    </message>
    <message>
        <source>Clear Cache</source>
        <translation>Cache leeren</translation>
    </message>
    <message>
        <source>Forget every cached frame</source>
        <translation>Alle zwischengespeicherten Frames verwerfen</translation>
    </message>
    <message>
        <source>Grab</source>
        <translation>Greifen</translation>
    </message>
    <message>
        <source>Grab the cloth</source>
        <translation>Den Stoff greifen</translation>
    </message>
    <message>
        <source>Simulation cache use</source>
        <translation>Belegung des Simulations-Caches</translation>
    </message>
    <message>
        <source>Inspected vertex</source>
        <translation>Untersuchter Vertex</translation>
    </message>
    <message>
        <source>Drag the simulated cloth with the left mouse button (Esc cancels); hover a vertex while paused to inspect it. Ctrl + drag grabs the cloth with any tool</source>
        <translation>Den simulierten Stoff mit der linken Maustaste ziehen (Esc bricht ab); im Pausenzustand über einen Vertex fahren, um ihn zu untersuchen. Strg + Ziehen greift den Stoff mit jedem Werkzeug</translation>
    </message>
</context>
<context>
    <name>tweed::editor::StatisticsDock</name>
    <message>
        <source>Solver %1 ms · stretch %2 (skinned %3) · Max Distance hits %4 · contacts %5</source>
        <translation>Löser %1 ms · Dehnung %2 (Skinning-Pose %3) · Max-Distance-Treffer %4 · Kontakte %5</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Solver time per frame (ms)</source>
        <translation>Löserzeit pro Bild (ms)</translation>
    </message>
    <message>
        <source>Largest stretch (edge length / rest length); dashed: the skinned pose&apos;s</source>
        <translation>Größte Dehnung (Kantenlänge / Ruhelänge); gestrichelt: die der Skinning-Pose</translation>
    </message>
    <message>
        <source>Max Distance hits (vertices at their limit)</source>
        <translation>Max-Distance-Treffer (Vertices an ihrer Grenze)</translation>
    </message>
    <message>
        <source>Contacts (vertices inside a collision volume)</source>
        <translation>Kontakte (Vertices in einem Kollisionsvolumen)</translation>
    </message>
    <message>
        <source>The last simulated frame</source>
        <translation>Das zuletzt simulierte Bild</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 mm</source>
        <translation>%1 mm</translation>
    </message>
    <message>
        <source>Cloth measures</source>
        <translation>Stoffmaße</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Maß</translation>
    </message>
    <message>
        <source>This frame</source>
        <translation>Dieses Bild</translation>
    </message>
    <message>
        <source>Since reset</source>
        <translation>Seit dem Zurücksetzen</translation>
    </message>
    <message>
        <source>Layer poke-through</source>
        <translation>Durchstoßen der Schichten</translation>
    </message>
    <message>
        <source>Shell poke-through</source>
        <translation>Durchstoßen der Hüllen</translation>
    </message>
    <message>
        <source>Body poke-through</source>
        <translation>Durchstoßen des Körpers</translation>
    </message>
    <message>
        <source>Max Distance hits</source>
        <translation>Max-Distance-Treffer</translation>
    </message>
    <message>
        <source>Volume protrusion</source>
        <translation>Überstand der Kollisionskörper</translation>
    </message>
    <message>
        <source>Largest stretch</source>
        <translation>Größte Dehnung</translation>
    </message>
    <message>
        <source>Mean largest stretch</source>
        <translation>Mittlere größte Dehnung</translation>
    </message>
    <message>
        <source>Rider vertices (a lining) outside their shell&apos;s simulated surface by more than 2 mm</source>
        <translation>Vertices der Mitläufer (ein Futter) mehr als 2 mm außerhalb der simulierten Oberfläche ihrer Hülle</translation>
    </message>
    <message>
        <source>Vertices of an outer shell (a cape) inside an inner shell (a coat) by more than 2 mm</source>
        <translation>Vertices einer äußeren Hülle (ein Umhang) mehr als 2 mm innerhalb einer inneren Hülle (ein Mantel)</translation>
    </message>
    <message>
        <source>Body vertices inside the garment when skinned and outside its simulated surface by more than 2 mm</source>
        <translation>Körpervertices, die in der Skinning-Pose im Kleidungsstück liegen und mehr als 2 mm außerhalb seiner simulierten Oberfläche</translation>
    </message>
    <message>
        <source>Physics vertices at their Max Distance limit</source>
        <translation>Physikvertices an ihrer Max-Distance-Grenze</translation>
    </message>
    <message>
        <source>The largest distance by which a collision volume sticks out of the body</source>
        <translation>Der größte Abstand, um den ein Kollisionskörper aus dem Körper ragt</translation>
    </message>
    <message>
        <source>The largest edge length over rest length</source>
        <translation>Die größte Kantenlänge im Verhältnis zur Ruhelänge</translation>
    </message>
    <message>
        <source>The largest stretch of each frame, averaged over the frames</source>
        <translation>Die größte Dehnung jedes Bildes, gemittelt über die Bilder</translation>
    </message>
</context>
<context>
    <name>tweed::editor::SwatchDialog</name>
    <message>
        <source>New Rope</source>
        <translation>Neues Seil</translation>
    </message>
    <message>
        <source>New Cloth Patch</source>
        <translation>Neues Stoffstück</translation>
    </message>
    <message>
        <source>&amp;Thickness:</source>
        <translation>&amp;Dicke:</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <source>&amp;Length:</source>
        <translation>&amp;Länge:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Höhe:</translation>
    </message>
    <message>
        <source>&amp;Segments:</source>
        <translation>&amp;Segmente:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Auflösung:</translation>
    </message>
    <message>
        <source>Held &amp;end:</source>
        <translation>Gehaltenes &amp;Ende:</translation>
    </message>
    <message>
        <source>Held &amp;edge:</source>
        <translation>Gehaltene &amp;Kante:</translation>
    </message>
    <message>
        <source>&amp;Fabric:</source>
        <translation>&amp;Stoff:</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>The rope is a strip this wide, two vertices across</source>
        <translation>Das Seil ist ein Streifen dieser Breite, zwei Punkte breit</translation>
    </message>
    <message>
        <source>The patch&apos;s width along x</source>
        <translation>Die Breite des Stoffstücks entlang x</translation>
    </message>
    <message>
        <source>The rope hangs from this height down to the ground</source>
        <translation>Das Seil hängt von dieser Höhe bis zum Boden</translation>
    </message>
    <message>
        <source>The patch hangs from this height down to the ground</source>
        <translation>Das Stoffstück hängt von dieser Höhe bis zum Boden</translation>
    </message>
    <message>
        <source>Segments along the rope</source>
        <translation>Segmente entlang des Seils</translation>
    </message>
    <message>
        <source>Quads along the patch&apos;s longer side</source>
        <translation>Vierecke entlang der längeren Seite des Stoffstücks</translation>
    </message>
    <message>
        <source>The vertices the bone holds (Max Distance 0)</source>
        <translation>Die Punkte, die der Knochen hält (Max Distance 0)</translation>
    </message>
    <message>
        <source>Top end</source>
        <translation>Oberes Ende</translation>
    </message>
    <message>
        <source>Top edge</source>
        <translation>Obere Kante</translation>
    </message>
    <message>
        <source>Left edge</source>
        <translation>Linke Kante</translation>
    </message>
    <message>
        <source>Top corners</source>
        <translation>Obere Ecken</translation>
    </message>
    <message>
        <source>None (falls freely)</source>
        <translation>Keine (fällt frei)</translation>
    </message>
    <message>
        <source>The fabric preset the simulation settings start from</source>
        <translation>Die Stoffvorgabe, von der die Simulationseinstellungen ausgehen</translation>
    </message>
</context>
<context>
    <name>tweed::editor::UserGuideWindow</name>
    <message>
        <source>The user guide is not installed. It is in the docs/guide folder of Tweed&apos;s source.</source>
        <translation>Das Benutzerhandbuch ist nicht installiert. Es liegt im Ordner docs/guide der Quellen von Tweed.</translation>
    </message>
    <message>
        <source>Tweed User Guide</source>
        <translation>Tweed-Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Back to the previous page of the guide</source>
        <translation>Zurück zur vorigen Seite des Handbuchs</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Contents of the guide</source>
        <translation>Inhalt des Handbuchs</translation>
    </message>
    <message>
        <source>User guide page</source>
        <translation>Seite des Benutzerhandbuchs</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Viewport</name>
    <message>
        <source>%1 ms/frame • skinning %2 ms (%3%) • %4</source>
        <translation>%1 ms/Bild • Skinning %2 ms (%3 %) • %4</translation>
    </message>
    <message>
        <source>skinning %1 ms • %2</source>
        <translation>Skinning %1 ms • %2</translation>
    </message>
    <message>
        <source>%1, lit per vertex</source>
        <translation>%1, pro Vertex beleuchtet</translation>
    </message>
    <message>
        <source>%1, no multisampling</source>
        <translation>%1, ohne Multisampling</translation>
    </message>
    <message>
        <source>unknown renderer</source>
        <translation>unbekannter Renderer</translation>
    </message>
</context>
<context>
    <name>tweed::editor::WindowLayout</name>
    <message>
        <source>Set &amp;Up</source>
        <translation>&amp;Einrichten</translation>
    </message>
    <message>
        <source>&amp;Paint</source>
        <translation>&amp;Malen</translation>
    </message>
    <message>
        <source>S&amp;imulate</source>
        <translation>&amp;Simulieren</translation>
    </message>
    <message>
        <source>Workspace for the garment, its physics mesh and the collision volumes</source>
        <translation>Arbeitsbereich für das Kleidungsstück, sein Physiknetz und die Kollisionsvolumen</translation>
    </message>
    <message>
        <source>Workspace for painting the physics channels, with the paint tool on</source>
        <translation>Arbeitsbereich zum Malen der Physikkanäle, mit eingeschaltetem Malwerkzeug</translation>
    </message>
    <message>
        <source>Workspace for simulating the clip, with the simulation settings and plots</source>
        <translation>Arbeitsbereich zum Simulieren des Clips, mit den Simulationseinstellungen und Diagrammen</translation>
    </message>
    <message>
        <source>Set Up Workspace</source>
        <translation>Arbeitsbereich Einrichten</translation>
    </message>
    <message>
        <source>Paint Workspace</source>
        <translation>Arbeitsbereich Malen</translation>
    </message>
    <message>
        <source>Simulate Workspace</source>
        <translation>Arbeitsbereich Simulieren</translation>
    </message>
</context>
</TS>
