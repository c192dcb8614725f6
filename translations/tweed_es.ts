<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>ChannelTitles</name>
    <message>
        <source>Max Distance</source>
        <translation>Max Distance</translation>
    </message>
    <message>
        <source>Backstop Radius</source>
        <translation>Radio del tope trasero</translation>
    </message>
    <message>
        <source>Backstop Distance</source>
        <translation>Distancia del tope trasero</translation>
    </message>
    <message>
        <source>Stiffness Scale</source>
        <translation>Escala de rigidez</translation>
    </message>
    <message>
        <source>Damping Scale</source>
        <translation>Escala de amortiguación</translation>
    </message>
    <message>
        <source>Wind Scale</source>
        <translation>Escala de viento</translation>
    </message>
    <message>
        <source>Mass Scale</source>
        <translation>Escala de masa</translation>
    </message>
    <message>
        <source>Physics (on/off)</source>
        <translation>Física (sí/no)</translation>
    </message>
    <message>
        <source>Latch Master</source>
        <translation>Enganche maestro</translation>
    </message>
    <message>
        <source>Latch Slave</source>
        <translation>Enganche esclavo</translation>
    </message>
    <message>
        <source>Bend Scale</source>
        <translation>Escala de flexión</translation>
    </message>
</context>
<context>
    <name>SimulationSettings</name>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Solver</source>
        <translation>Solucionador</translation>
    </message>
    <message>
        <source>Steps per second</source>
        <translation>Pasos por segundo</translation>
    </message>
    <message>
        <source>Fixed internal rate; each frame is split into steps of this rate.</source>
        <translation>Frecuencia interna fija; cada fotograma se divide en pasos de esta frecuencia.</translation>
    </message>
    <message>
        <source>Substeps</source>
        <translation>Subpasos</translation>
    </message>
    <message>
        <source>Solver substeps per step.</source>
        <translation>Subpasos del solucionador por paso.</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iteraciones</translation>
    </message>
    <message>
        <source>Constraint iterations per substep.</source>
        <translation>Iteraciones de restricciones por subpaso.</translation>
    </message>
    <message>
        <source>Gravity scale</source>
        <translation>Escala de gravedad</translation>
    </message>
    <message>
        <source>Forces</source>
        <translation>Fuerzas</translation>
    </message>
    <message>
        <source>Multiplies 9.81 m/s^2 downwards.</source>
        <translation>Multiplica 9,81 m/s^2 hacia abajo.</translation>
    </message>
    <message>
        <source>Damping</source>
        <translation>Amortiguación</translation>
    </message>
    <message>
        <source>Share of velocity lost per second.</source>
        <translation>Fracción de la velocidad que se pierde por segundo.</translation>
    </message>
    <message>
        <source>Wind drag</source>
        <translation>Arrastre del viento</translation>
    </message>
    <message>
        <source>Drag against the wind relative to the cloth.</source>
        <translation>Arrastre contra el viento relativo a la tela.</translation>
    </message>
    <message>
        <source>Wind lift</source>
        <translation>Sustentación del viento</translation>
    </message>
    <message>
        <source>Lift across the wind relative to the cloth.</source>
        <translation>Sustentación transversal al viento relativo a la tela.</translation>
    </message>
    <message>
        <source>Gust strength</source>
        <translation>Fuerza de las ráfagas</translation>
    </message>
    <message>
        <source>Gusts as a share of the wind speed.</source>
        <translation>Ráfagas como fracción de la velocidad del viento.</translation>
    </message>
    <message>
        <source>Gust frequency</source>
        <translation>Frecuencia de las ráfagas</translation>
    </message>
    <message>
        <source>How often gusts come.</source>
        <translation>Con qué frecuencia llegan las ráfagas.</translation>
    </message>
    <message>
        <source>Turbulence</source>
        <translation>Turbulencia</translation>
    </message>
    <message>
        <source>Variation of the wind across the cloth.</source>
        <translation>Variación del viento a lo largo de la tela.</translation>
    </message>
    <message>
        <source>Area density</source>
        <translation>Densidad superficial</translation>
    </message>
    <message>
        <source>Fabric mass per square metre; painted mass scales multiply it.</source>
        <translation>Masa de la tela por metro cuadrado; las escalas de masa pintadas la multiplican.</translation>
    </message>
    <message>
        <source>Stretch stiffness</source>
        <translation>Rigidez al estiramiento</translation>
    </message>
    <message>
        <source>Constraints</source>
        <translation>Restricciones</translation>
    </message>
    <message>
        <source>Stiffness of the mesh edges per iteration (without compliance).</source>
        <translation>Rigidez de las aristas de la malla por iteración (sin flexibilidad).</translation>
    </message>
    <message>
        <source>Bend stiffness</source>
        <translation>Rigidez a la flexión</translation>
    </message>
    <message>
        <source>Stiffness of the shear and bend constraints per iteration (without compliance).</source>
        <translation>Rigidez de las restricciones de cizalla y flexión por iteración (sin flexibilidad).</translation>
    </message>
    <message>
        <source>Use compliance (XPBD)</source>
        <translation>Usar flexibilidad (XPBD)</translation>
    </message>
    <message>
        <source>Keeps the fabric&apos;s look when substeps or iterations change.</source>
        <translation>Mantiene el aspecto de la tela cuando cambian los subpasos o las iteraciones.</translation>
    </message>
    <message>
        <source>Stretch compliance</source>
        <translation>Flexibilidad al estiramiento</translation>
    </message>
    <message>
        <source>Softness of the mesh edges in compliance mode.</source>
        <translation>Blandura de las aristas de la malla en modo de flexibilidad.</translation>
    </message>
    <message>
        <source>Bend compliance</source>
        <translation>Flexibilidad a la flexión</translation>
    </message>
    <message>
        <source>Softness of shear and bend in compliance mode.</source>
        <translation>Blandura de la cizalla y la flexión en modo de flexibilidad.</translation>
    </message>
    <message>
        <source>Volume compliance</source>
        <translation>Flexibilidad de volumen</translation>
    </message>
    <message>
        <source>Softness of a soft body&apos;s volume, one over its bulk modulus (0 keeps it).</source>
        <translation>Blandura del volumen de un cuerpo blando, uno entre su módulo de compresión (0 lo conserva).</translation>
    </message>
    <message>
        <source>Hard stretch limit</source>
        <translation>Límite rígido de estiramiento</translation>
    </message>
    <message>
        <source>Tethers</source>
        <translation>Amarres</translation>
    </message>
    <message>
        <source>Long-range tethers to the nearest fixed vertex.</source>
        <translation>Amarres de largo alcance al vértice fijo más cercano.</translation>
    </message>
    <message>
        <source>Stretch limit</source>
        <translation>Límite de estiramiento</translation>
    </message>
    <message>
        <source>Largest allowed length over rest length for hard limits and tethers.</source>
        <translation>Mayor longitud permitida respecto a la longitud en reposo para límites rígidos y amarres.</translation>
    </message>
    <message>
        <source>Stretch compression limit</source>
        <translation>Límite de compresión del estiramiento</translation>
    </message>
    <message>
        <source>Mesh edges may shorten to this share of their rest length without resisting; 1 resists any compression.</source>
        <translation>Las aristas de la malla pueden acortarse hasta esta fracción de su longitud en reposo sin resistencia; 1 resiste cualquier compresión.</translation>
    </message>
    <message>
        <source>Bend compression limit</source>
        <translation>Límite de compresión de la flexión</translation>
    </message>
    <message>
        <source>Shear and bend constraints may shorten to this share of their rest length without resisting, so folds and buckles come freely; 1 resists any compression.</source>
        <translation>Las restricciones de cizalla y flexión pueden acortarse hasta esta fracción de su longitud en reposo sin resistencia, de modo que los pliegues y arrugas surgen libremente; 1 resiste cualquier compresión.</translation>
    </message>
    <message>
        <source>Max Distance scale</source>
        <translation>Escala de Max Distance</translation>
    </message>
    <message>
        <source>Max Distance</source>
        <translation>Max Distance</translation>
    </message>
    <message>
        <source>Multiplies every painted Max Distance.</source>
        <translation>Multiplica cada Max Distance pintada.</translation>
    </message>
    <message>
        <source>Max Distance bias</source>
        <translation>Sesgo de Max Distance</translation>
    </message>
    <message>
        <source>Backstop</source>
        <translation>Tope trasero</translation>
    </message>
    <message>
        <source>Honour the painted backstop spheres.</source>
        <translation>Respetar las esferas de tope trasero pintadas.</translation>
    </message>
    <message>
        <source>Collision thickness</source>
        <translation>Grosor de colisión</translation>
    </message>
    <message>
        <source>Collision</source>
        <translation>Colisión</translation>
    </message>
    <message>
        <source>Distance kept between the cloth and the collision volumes.</source>
        <translation>Distancia que se mantiene entre la tela y los volúmenes de colisión.</translation>
    </message>
    <message>
        <source>Friction</source>
        <translation>Fricción</translation>
    </message>
    <message>
        <source>Extra damping on touching vertices.</source>
        <translation>Amortiguación adicional en los vértices en contacto.</translation>
    </message>
    <message>
        <source>Self-collision</source>
        <translation>Autocolisión</translation>
    </message>
    <message>
        <source>Particles keep apart from each other.</source>
        <translation>Las partículas se mantienen separadas entre sí.</translation>
    </message>
    <message>
        <source>Self-collision thickness</source>
        <translation>Grosor de autocolisión</translation>
    </message>
    <message>
        <source>Distance kept between particles.</source>
        <translation>Distancia que se mantiene entre partículas.</translation>
    </message>
    <message>
        <source>Edge damping scale</source>
        <translation>Escala de amortiguación del borde</translation>
    </message>
    <message>
        <source>Edge vertices</source>
        <translation>Vértices de borde</translation>
    </message>
    <message>
        <source>Multiplies the damping of free-edge vertices.</source>
        <translation>Multiplica la amortiguación de los vértices de borde libre.</translation>
    </message>
    <message>
        <source>Edge wind scale</source>
        <translation>Escala de viento del borde</translation>
    </message>
    <message>
        <source>Multiplies the wind on free-edge vertices.</source>
        <translation>Multiplica el viento sobre los vértices de borde libre.</translation>
    </message>
    <message>
        <source>Edge world-motion scale</source>
        <translation>Escala de movimiento global del borde</translation>
    </message>
    <message>
        <source>Multiplies the world motion felt by free-edge vertices.</source>
        <translation>Multiplica el movimiento global que perciben los vértices de borde libre.</translation>
    </message>
    <message>
        <source>Edge Max Distance scale</source>
        <translation>Escala de Max Distance del borde</translation>
    </message>
    <message>
        <source>Multiplies the Max Distance of free-edge vertices.</source>
        <translation>Multiplica la Max Distance de los vértices de borde libre.</translation>
    </message>
    <message>
        <source>World linear motion</source>
        <translation>Movimiento lineal global</translation>
    </message>
    <message>
        <source>Local space</source>
        <translation>Espacio local</translation>
    </message>
    <message>
        <source>Share of the character&apos;s linear motion the cloth feels.</source>
        <translation>Fracción del movimiento lineal del personaje que percibe la tela.</translation>
    </message>
    <message>
        <source>World angular motion</source>
        <translation>Movimiento angular global</translation>
    </message>
    <message>
        <source>Share of the character&apos;s rotation the cloth feels.</source>
        <translation>Fracción de la rotación del personaje que percibe la tela.</translation>
    </message>
    <message>
        <source>Integrator</source>
        <translation>Integrador</translation>
    </message>
    <message>
        <source>Mass-spring</source>
        <translation>Masa-resorte</translation>
    </message>
    <message>
        <source>Explicit midpoint or Runge-Kutta 4.</source>
        <translation>Punto medio explícito o Runge-Kutta 4.</translation>
    </message>
    <message>
        <source>Structural springs</source>
        <translation>Resortes estructurales</translation>
    </message>
    <message>
        <source>Stiffness of the springs along mesh edges.</source>
        <translation>Rigidez de los resortes a lo largo de las aristas de la malla.</translation>
    </message>
    <message>
        <source>Shear springs</source>
        <translation>Resortes de cizalla</translation>
    </message>
    <message>
        <source>Stiffness of the springs across quads.</source>
        <translation>Rigidez de los resortes en diagonal de los cuadriláteros.</translation>
    </message>
    <message>
        <source>Bend springs</source>
        <translation>Resortes de flexión</translation>
    </message>
    <message>
        <source>Stiffness of the springs two vertices apart.</source>
        <translation>Rigidez de los resortes entre vértices separados por otro.</translation>
    </message>
    <message>
        <source>Spring damping</source>
        <translation>Amortiguación de los resortes</translation>
    </message>
    <message>
        <source>Damping along each spring.</source>
        <translation>Amortiguación a lo largo de cada resorte.</translation>
    </message>
    <message>
        <source>Deformation limit</source>
        <translation>Límite de deformación</translation>
    </message>
    <message>
        <source>Provot&apos;s limit on spring length over rest length; 0 disables.</source>
        <translation>Límite de Provot de la longitud del resorte respecto a la de reposo; 0 lo desactiva.</translation>
    </message>
    <message>
        <source>Tear factor</source>
        <translation>Factor de desgarro</translation>
    </message>
    <message>
        <source>Springs stretched beyond this ratio tear; 0 never.</source>
        <translation>Los resortes estirados más allá de esta proporción se rompen; 0, nunca.</translation>
    </message>
    <message>
        <source>Position based</source>
        <translation>Basado en posiciones</translation>
    </message>
    <message>
        <source>Mass spring</source>
        <translation>Masa-resorte</translation>
    </message>
    <message>
        <source>Midpoint</source>
        <translation>Punto medio</translation>
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
        <translation>Seda</translation>
    </message>
    <message>
        <source>Rubber</source>
        <translation>Goma</translation>
    </message>
    <message>
        <source>Leather</source>
        <translation>Cuero</translation>
    </message>
    <message>
        <source>Down jacket</source>
        <translation>Plumífero</translation>
    </message>
    <message>
        <source>Veil</source>
        <translation>Velo</translation>
    </message>
    <message>
        <source>Ellipsoid</source>
        <translation>Elipsoide</translation>
    </message>
    <message>
        <source>Sphere</source>
        <translation>Esfera</translation>
    </message>
    <message>
        <source>Capsule</source>
        <translation>Cápsula</translation>
    </message>
    <message>
        <source>Tapered capsule</source>
        <translation>Cápsula cónica</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>Plano</translation>
    </message>
    <message>
        <source>Immediate</source>
        <translation>Inmediato</translation>
    </message>
    <message>
        <source>Weld</source>
        <translation>Soldar</translation>
    </message>
    <message>
        <source>Simplify</source>
        <translation>Simplificar</translation>
    </message>
    <message>
        <source>Iso</source>
        <translation>Isosuperficie</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Personalizado</translation>
    </message>
    <message>
        <source>Vertical constraints, top down, that move only the lower vertex.</source>
        <translation>Restricciones verticales, de arriba abajo, que solo mueven el vértice inferior.</translation>
    </message>
    <message>
        <source>Below 0 a capsule along the normal, above 0 a disc across it.</source>
        <translation>Por debajo de 0, una cápsula a lo largo de la normal; por encima de 0, un disco transversal a ella.</translation>
    </message>
    <message>
        <source>Position-based dynamics, or the classic mass-spring model.</source>
        <translation>Dinámica basada en posiciones o el clásico modelo masa-resorte.</translation>
    </message>
    <message>
        <source>Centre-of-mass damping</source>
        <translation>Amortiguación del centro de masas</translation>
    </message>
    <message>
        <source>Solver options</source>
        <translation>Opciones del solucionador</translation>
    </message>
    <message>
        <source>Share of the velocity relative to the cloth&apos;s centre-of-mass frame lost per second; the cloth&apos;s rigid motion keeps its speed.</source>
        <translation>Parte de la velocidad relativa al sistema del centro de masas de la tela que se pierde por segundo; el movimiento rígido de la tela conserva su velocidad.</translation>
    </message>
    <message>
        <source>Bending</source>
        <translation>Flexión</translation>
    </message>
    <message>
        <source>Two-way interaction</source>
        <translation>Interacción bidireccional</translation>
    </message>
    <message>
        <source>Report the impulses the cloth gives each collision volume every frame.</source>
        <translation>Informa en cada fotograma de los impulsos que la tela da a cada volumen de colisión.</translation>
    </message>
    <message>
        <source>Sleep speed</source>
        <translation>Velocidad de reposo</translation>
    </message>
    <message>
        <source>A cloth slower than this everywhere for the sleep delay stops simulating until its bones or the wind change; 0 never sleeps.</source>
        <translation>Una tela más lenta que esto en todas partes durante el retardo de reposo deja de simularse hasta que cambien sus huesos o el viento; 0 nunca reposa.</translation>
    </message>
    <message>
        <source>Sleep delay</source>
        <translation>Retardo de reposo</translation>
    </message>
    <message>
        <source>How long the cloth must stay below the sleep speed before it sleeps.</source>
        <translation>Cuánto tiempo debe quedar la tela bajo la velocidad de reposo antes de reposar.</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Distancia</translation>
    </message>
    <message>
        <source>Dihedral</source>
        <translation>Diedro</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Caja</translation>
    </message>
    <message>
        <source>Convex</source>
        <translation>Convexo</translation>
    </message>
    <message>
        <source>Spring stiffening</source>
        <translation>Endurecimiento de muelles</translation>
    </message>
    <message>
        <source>Non-linear springs: stiffness grows to k (1 + this x strain) as a spring stretches; 0 keeps them linear.</source>
        <translation>Muelles no lineales: la rigidez crece hasta k (1 + este valor x deformación) al estirarse; 0 los deja lineales.</translation>
    </message>
    <message>
        <source>Distance constraints across neighbouring triangles, or their dihedral angle with its rest angle (ortho bending; angle springs in the mass-spring model).</source>
        <translation>Restricciones de distancia entre triángulos vecinos, o su ángulo diedro con su ángulo de reposo (flexión ortogonal; muelles angulares en el modelo masa-muelle).</translation>
    </message>
    <message>
        <source>Triangle collision</source>
        <translation>Colisión de triángulos</translation>
    </message>
    <message>
        <source>The cloth's triangles, not only its vertices, keep out of the spheres, capsules and ellipsoids.</source>
        <translation>Los triángulos de la tela, no solo sus vértices, se mantienen fuera de las esferas, cápsulas y elipsoides.</translation>
    </message>
    <message>
        <source>Edge chains</source>
        <translation>Cadenas de aristas</translation>
    </message>
    <message>
        <source>Each substep, one direct solve of the stretched mesh edges along chains of edges, so that long rows and columns draw in at once.</source>
        <translation>En cada subpaso, una resolución directa de las aristas estiradas de la malla a lo largo de cadenas de aristas, para que las filas y columnas largas se recojan de una vez.</translation>
    </message>
    <message>
        <source>Relaxed targets</source>
        <translation>Objetivos relajados</translation>
    </message>
    <message>
        <source>Each frame, the skinned targets of mesh edges the skinning stretches are drawn in towards their rest lengths, never into the body along the normal nor into a collision volume.</source>
        <translation>En cada fotograma, los objetivos de la pose deformada por los huesos en las aristas que esta estira se acercan a sus longitudes en reposo, nunca hacia dentro del cuerpo a lo largo de la normal ni dentro de un volumen de colisión.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Authoring tool for game character clothing.</source>
        <translation>Herramienta de creación de ropa para personajes de videojuegos.</translation>
    </message>
    <message>
        <source>A character file or a .tweed asset to open; the sample character when none is given.</source>
        <translation>Un archivo de personaje o un recurso .tweed que abrir; el personaje de ejemplo si no se indica ninguno.</translation>
    </message>
    <message>
        <source>Render, save a picture of the window to &lt;path&gt;, quit.</source>
        <translation>Renderizar, guardar una imagen de la ventana en &lt;path&gt; y salir.</translation>
    </message>
    <message>
        <source>Print the start-up times to the error output.</source>
        <translation>Mostrar los tiempos de arranque en la salida de errores.</translation>
    </message>
    <message>
        <source>Play the walk, print the median time of &lt;count&gt; frames and the CPU time per frame, quit.</source>
        <translation>Reproducir el paseo, mostrar la mediana de &lt;count&gt; fotogramas y el tiempo de CPU por fotograma, salir.</translation>
    </message>
    <message>
        <source>Simulate while playing (every frame, without the cache).</source>
        <translation>Simular durante la reproducción (cada fotograma, sin la caché).</translation>
    </message>
    <message>
        <source>Show the collision volumes (xray, surface or wireframe) or hide them (off). With --frame-times, several looks separated by commas take turns every 10 frames, each reported on a line of its own.</source>
        <translation>Mostrar los volúmenes de colisión (xray, surface o wireframe) u ocultarlos (off). Con --frame-times, varios aspectos separados por comas se turnan cada 10 fotogramas, cada uno en su propia línea.</translation>
    </message>
    <message>
        <source>Start without opening a file.</source>
        <translation>Iniciar sin abrir ningún archivo.</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Accessibility</name>
    <message>
        <source>More of %1</source>
        <translation>Más de %1</translation>
    </message>
    <message>
        <source>More Menus</source>
        <translation>Más menús</translation>
    </message>
    <message>
        <source>Panels: %1</source>
        <translation>Paneles: %1</translation>
    </message>
    <message>
        <source>Menu bar</source>
        <translation>Barra de menús</translation>
    </message>
    <message>
        <source>Unlabelled %1</source>
        <translation>%1 sin etiqueta</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>The %1 panel</source>
        <translation>El panel %1</translation>
    </message>
    <message>
        <source>The %1 tool bar</source>
        <translation>La barra de herramientas %1</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 en %2</translation>
    </message>
    <message>
        <source>Clip %1, frame %2 of %3</source>
        <translation>Clip %1, fotograma %2 de %3</translation>
    </message>
    <message>
        <source>No clip</source>
        <translation>Sin clip</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>reproduciendo</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pausa</translation>
    </message>
    <message>
        <source>simulating</source>
        <translation>simulando</translation>
    </message>
    <message>
        <source>not simulating</source>
        <translation>sin simular</translation>
    </message>
    <message>
        <source>tool: %1</source>
        <translation>herramienta: %1</translation>
    </message>
    <message>
        <source>camera</source>
        <translation>cámara</translation>
    </message>
    <message numerus="yes">
        <source>%n mesh(es)</source>
        <translation>
            <numerusform>%n malla</numerusform>
            <numerusform>%n mallas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bone(s)</source>
        <translation>
            <numerusform>%n hueso</numerusform>
            <numerusform>%n huesos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n collision volume(s)</source>
        <translation>
            <numerusform>%n volumen de colisión</numerusform>
            <numerusform>%n volúmenes de colisión</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n physics mesh(es)</source>
        <translation>
            <numerusform>%n malla física</numerusform>
            <numerusform>%n mallas físicas</numerusform>
        </translation>
    </message>
    <message>
        <source>selection: %1</source>
        <translation>selección: %1</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>3D Viewport</source>
        <translation>Vista 3D</translation>
    </message>
    <message>
        <source>3D View</source>
        <translation>Imagen 3D</translation>
    </message>
</context>
<context>
    <name>tweed::editor::CollisionDock</name>
    <message>
        <source>Ellipsoid</source>
        <translation>Elipsoide</translation>
    </message>
    <message>
        <source>Sphere</source>
        <translation>Esfera</translation>
    </message>
    <message>
        <source>Capsule</source>
        <translation>Cápsula</translation>
    </message>
    <message>
        <source>Tapered capsule</source>
        <translation>Cápsula cónica</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>Plano</translation>
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
        <translation>Volúmenes de colisión</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forma</translation>
    </message>
    <message>
        <source>Bone</source>
        <translation>Hueso</translation>
    </message>
    <message>
        <source>Bone:</source>
        <translation>Hueso:</translation>
    </message>
    <message>
        <source>The bone new volumes are attached to (follows the bone selected in the Outliner)</source>
        <translation>El hueso al que se vinculan los volúmenes nuevos (sigue al hueso seleccionado en el Esquema)</translation>
    </message>
    <message>
        <source>Add Ellipsoid</source>
        <translation>Añadir elipsoide</translation>
    </message>
    <message>
        <source>Add Sphere</source>
        <translation>Añadir esfera</translation>
    </message>
    <message>
        <source>Add Capsule</source>
        <translation>Añadir cápsula</translation>
    </message>
    <message>
        <source>Add Tapered Capsule</source>
        <translation>Añadir cápsula cónica</translation>
    </message>
    <message>
        <source>Adds a volume on the chosen bone, fitted to the body vertices the bone drives</source>
        <translation>Añade un volumen en el hueso elegido, ajustado a los vértices del cuerpo que mueve el hueso</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Remove Collision Volume</source>
        <translation>Eliminar volumen de colisión</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Dividir</translation>
    </message>
    <message>
        <source>Splits the selected ellipsoid into two along its longest axis</source>
        <translation>Divide el elipsoide seleccionado en dos a lo largo de su eje más largo</translation>
    </message>
    <message>
        <source>Split Collision Volume</source>
        <translation>Dividir volumen de colisión</translation>
    </message>
    <message>
        <source>Gizmo:</source>
        <translation>Manipulador:</translation>
    </message>
    <message>
        <source>Move (W)</source>
        <translation>Mover (W)</translation>
    </message>
    <message>
        <source>Rotate (E)</source>
        <translation>Rotar (E)</translation>
    </message>
    <message>
        <source>Scale (R)</source>
        <translation>Escalar (R)</translation>
    </message>
    <message>
        <source>Edit the selected volume with handles in the viewport; Esc during a drag cancels it</source>
        <translation>Editar el volumen seleccionado con tiradores en la vista; Esc durante un arrastre lo cancela</translation>
    </message>
    <message>
        <source>Selected Volume</source>
        <translation>Volumen seleccionado</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <source>Position:</source>
        <translation>Posición:</translation>
    </message>
    <message>
        <source>Rotation:</source>
        <translation>Rotación:</translation>
    </message>
    <message>
        <source>Radii:</source>
        <translation>Radios:</translation>
    </message>
    <message>
        <source>Radius:</source>
        <translation>Radio:</translation>
    </message>
    <message>
        <source>End radius:</source>
        <translation>Radio final:</translation>
    </message>
    <message>
        <source>Half height:</source>
        <translation>Semialtura:</translation>
    </message>
    <message>
        <source>The tapered capsule&apos;s radius at its +Y end</source>
        <translation>El radio de la cápsula cónica en su extremo +Y</translation>
    </message>
    <message>
        <source>Half the length of the capsule&apos;s axis, without the caps</source>
        <translation>La mitad de la longitud del eje de la cápsula, sin los casquetes</translation>
    </message>
    <message>
        <source>Auto-Fit</source>
        <translation>Ajuste automático</translation>
    </message>
    <message>
        <source>All bones that skin the garment</source>
        <translation>Todos los huesos que deforman la prenda</translation>
    </message>
    <message>
        <source>Shape:</source>
        <translation>Forma:</translation>
    </message>
    <message>
        <source>Body mesh:</source>
        <translation>Malla del cuerpo:</translation>
    </message>
    <message>
        <source>The mesh volumes are fitted to (also for Add): the body the garment rests on</source>
        <translation>La malla a la que se ajustan los volúmenes (también al añadir): el cuerpo sobre el que descansa la prenda</translation>
    </message>
    <message>
        <source>Coverage:</source>
        <translation>Cobertura:</translation>
    </message>
    <message>
        <source>Share of each bone&apos;s weighted body vertices the volume holds</source>
        <translation>Fracción de los vértices del cuerpo ponderados por cada hueso que contiene el volumen</translation>
    </message>
    <message>
        <source>Auto-Fit Collision Volumes</source>
        <translation>Ajustar volúmenes de colisión automáticamente</translation>
    </message>
    <message>
        <source>&amp;Collision Volumes</source>
        <translation>&amp;Volúmenes de colisión</translation>
    </message>
    <message>
        <source>(model space)</source>
        <translation>(espacio del modelo)</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>Añadir %1</translation>
    </message>
    <message>
        <source>Cannot split the volume</source>
        <translation>No se puede dividir el volumen</translation>
    </message>
    <message>
        <source>No bone skins the garment: the asset has no skinned garment.</source>
        <translation>Ningún hueso deforma la prenda: el recurso no tiene ninguna prenda vinculada a huesos.</translation>
    </message>
    <message>
        <source>No bone is checked: check the bones to fit volumes to.</source>
        <translation>No hay ningún hueso marcado: marque los huesos a los que ajustar volúmenes.</translation>
    </message>
    <message>
        <source>Fitting collision volumes...</source>
        <translation>Ajustando volúmenes de colisión...</translation>
    </message>
    <message>
        <source>No volume could be fitted:
%1</source>
        <translation>No se pudo ajustar ningún volumen:
%1</translation>
    </message>
    <message>
        <source>Move Collision Volume</source>
        <translation>Mover volumen de colisión</translation>
    </message>
    <message>
        <source>Rotate Collision Volume</source>
        <translation>Rotar volumen de colisión</translation>
    </message>
    <message>
        <source>Resize Collision Volume</source>
        <translation>Redimensionar volumen de colisión</translation>
    </message>
    <message>
        <source>Rename Collision Volume</source>
        <translation>Renombrar volumen de colisión</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Caja</translation>
    </message>
    <message>
        <source>Convex</source>
        <translation>Convexo</translation>
    </message>
    <message>
        <source>Add Box</source>
        <translation>Añadir caja</translation>
    </message>
    <message>
        <source>Add Convex</source>
        <translation>Añadir convexo</translation>
    </message>
    <message>
        <source>Add Plane</source>
        <translation>Añadir plano</translation>
    </message>
    <message>
        <source>Adds a plane through the chosen bone&apos;s origin; the side below its local Y axis is solid</source>
        <translation>Añade un plano por el origen del hueso elegido; el lado bajo su eje Y local es sólido</translation>
    </message>
    <message>
        <source>Adds the convex hull of the body vertices the chosen bone drives, bounded by the number of planes set under Auto-Fit</source>
        <translation>Añade la envolvente convexa de los vértices del cuerpo que mueve el hueso elegido, limitada al número de planos fijado en Ajuste automático</translation>
    </message>
    <message>
        <source>Convex planes:</source>
        <translation>Planos del convexo:</translation>
    </message>
    <message>
        <source>How many planes bound a convex volume&apos;s hull (Add Convex and Auto-Fit)</source>
        <translation>Cuántos planos limitan la envolvente de un volumen convexo (Añadir convexo y Ajuste automático)</translation>
    </message>
    <message>
        <source>Half extents:</source>
        <translation>Semiextensiones:</translation>
    </message>
    <message>
        <source>Pendulum</source>
        <translation>Péndulo</translation>
    </message>
    <message>
        <source>A single particle the chosen bone looks at, swinging under gravity and inertia within a cone (a hood)</source>
        <translation>Una sola partícula a la que mira el hueso elegido, que oscila por la gravedad y la inercia dentro de un cono (una capucha)</translation>
    </message>
    <message>
        <source>Add Pendulum</source>
        <translation>Añadir péndulo</translation>
    </message>
    <message>
        <source>Remove Pendulum</source>
        <translation>Quitar péndulo</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>Longitud:</translation>
    </message>
    <message>
        <source>Damping:</source>
        <translation>Amortiguación:</translation>
    </message>
    <message>
        <source>Gravity scale:</source>
        <translation>Escala de gravedad:</translation>
    </message>
    <message>
        <source>Cone angle:</source>
        <translation>Ángulo del cono:</translation>
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
        <translation>Desde el origen del hueso hasta la partícula</translation>
    </message>
    <message>
        <source>Share of the particle&apos;s velocity lost per second</source>
        <translation>Parte de la velocidad de la partícula que se pierde por segundo</translation>
    </message>
    <message>
        <source>Multiplies the simulation&apos;s gravity on the particle</source>
        <translation>Multiplica la gravedad de la simulación sobre la partícula</translation>
    </message>
    <message>
        <source>Largest swing away from the animated direction</source>
        <translation>Mayor oscilación respecto a la dirección animada</translation>
    </message>
    <message>
        <source>Edit Pendulum</source>
        <translation>Editar péndulo</translation>
    </message>
    <message>
        <source>X-ray</source>
        <translation>Rayos X</translation>
    </message>
    <message>
        <source>Show the collision volumes through the body that hides them</source>
        <translation>Mostrar los volúmenes de colisión a través del cuerpo que los oculta</translation>
    </message>
    <message>
        <source>Wireframe</source>
        <translation>Alambre</translation>
    </message>
    <message>
        <source>Draw the collision volumes as their edges</source>
        <translation>Dibujar los volúmenes de colisión como sus aristas</translation>
    </message>
    <message>
        <source>Protrusion</source>
        <translation>Sobresale</translation>
    </message>
    <message>
        <source>Move Pendulum Point</source>
        <translation>Mover punto del péndulo</translation>
    </message>
    <message>
        <source>Drag the pendulum&apos;s particle in the viewport: its distance from the bone is the length</source>
        <translation>Arrastra la partícula del péndulo en la vista: su distancia al hueso es la longitud</translation>
    </message>
    <message>
        <source>How far the volume sticks out of the body, at most over the bind pose and every frame of every clip; more than the collision thickness pushes the cloth off the body</source>
        <translation>Cuánto sobresale el volumen del cuerpo, como máximo en la pose de reposo y en cada fotograma de cada clip; más que el grosor de colisión aparta la tela del cuerpo</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>midiendo…</translation>
    </message>
</context>
<context>
    <name>tweed::editor::CollisionGizmo</name>
    <message>
        <source>Move Collision Volume</source>
        <translation>Mover volumen de colisión</translation>
    </message>
    <message>
        <source>Rotate Collision Volume</source>
        <translation>Rotar volumen de colisión</translation>
    </message>
    <message>
        <source>Resize Collision Volume</source>
        <translation>Redimensionar volumen de colisión</translation>
    </message>
    <message>
        <source>Move collision volume</source>
        <translation>Mover volumen de colisión</translation>
    </message>
    <message>
        <source>Rotate collision volume</source>
        <translation>Rotar volumen de colisión</translation>
    </message>
    <message>
        <source>Scale collision volume</source>
        <translation>Escalar volumen de colisión</translation>
    </message>
</context>
<context>
    <name>tweed::editor::DebugViews</name>
    <message>
        <source>S&amp;kinned Positions</source>
        <translation>Posiciones &amp;deformadas por los huesos</translation>
    </message>
    <message>
        <source>Where skinning puts each physics vertex; while simulating, a line from the simulated vertex to it</source>
        <translation>Dónde coloca la deformación por huesos cada vértice físico; durante la simulación, una línea desde el vértice simulado hasta allí</translation>
    </message>
    <message>
        <source>&amp;Max Distance Spheres</source>
        <translation>Esferas de Ma&amp;x Distance</translation>
    </message>
    <message>
        <source>How far each painted vertex may move from its skinned position</source>
        <translation>Cuánto puede alejarse cada vértice pintado de su posición deformada por los huesos</translation>
    </message>
    <message>
        <source>&amp;Backstop Spheres</source>
        <translation>Esferas de &amp;tope trasero</translation>
    </message>
    <message>
        <source>The sphere behind each vertex that the cloth may not enter</source>
        <translation>La esfera detrás de cada vértice en la que la tela no puede entrar</translation>
    </message>
    <message>
        <source>&amp;Collision Volumes</source>
        <translation>&amp;Volúmenes de colisión</translation>
    </message>
    <message>
        <source>The shapes the cloth collides with</source>
        <translation>Las formas con las que colisiona la tela</translation>
    </message>
    <message>
        <source>Physics Mesh &amp;Wire</source>
        <translation>Malla física en &amp;alambre</translation>
    </message>
    <message>
        <source>The edges of the simulated mesh</source>
        <translation>Las aristas de la malla simulada</translation>
    </message>
    <message>
        <source>Physics Mesh &amp;Solid</source>
        <translation>Malla física &amp;sólida</translation>
    </message>
    <message>
        <source>The simulated mesh as an opaque surface</source>
        <translation>La malla simulada como una superficie opaca</translation>
    </message>
    <message>
        <source>Physics Mesh &amp;Normals</source>
        <translation>N&amp;ormales de la malla física</translation>
    </message>
    <message>
        <source>The simulation&apos;s vertex normals</source>
        <translation>Las normales de vértice de la simulación</translation>
    </message>
    <message>
        <source>Skin &amp;Map</source>
        <translation>&amp;Mapa de piel</translation>
    </message>
    <message>
        <source>A line from each graphics vertex to its bound point on the physics mesh</source>
        <translation>Una línea desde cada vértice gráfico hasta su punto enlazado en la malla física</translation>
    </message>
    <message>
        <source>Skin Map, &amp;Far Bindings Only</source>
        <translation>Mapa de piel, solo enlaces &amp;lejanos</translation>
    </message>
    <message>
        <source>Only graphics vertices farther from their triangle than half the physics mesh&apos;s mean edge length</source>
        <translation>Solo los vértices gráficos más alejados de su triángulo que la mitad de la longitud media de arista de la malla física</translation>
    </message>
    <message>
        <source>S&amp;keleton with Names</source>
        <translation>Es&amp;queleto con nombres</translation>
    </message>
    <message>
        <source>The bones and their names</source>
        <translation>Los huesos y sus nombres</translation>
    </message>
    <message>
        <source>Bone &amp;Frames</source>
        <translation>&amp;Ejes de los huesos</translation>
    </message>
    <message>
        <source>Each joint&apos;s axes: red X, green Y, blue Z</source>
        <translation>Los ejes de cada articulación: X rojo, Y verde, Z azul</translation>
    </message>
    <message>
        <source>&amp;Velocities</source>
        <translation>Veloc&amp;idades</translation>
    </message>
    <message>
        <source>Each vertex&apos;s motion over the next tenth of a second (while simulating)</source>
        <translation>El movimiento de cada vértice durante la próxima décima de segundo (durante la simulación)</translation>
    </message>
    <message>
        <source>&amp;Edge Vertices</source>
        <translation>Vértices de &amp;borde</translation>
    </message>
    <message>
        <source>Vertices with fewer than four stretch constraints (they get the edge scales of the settings)</source>
        <translation>Vértices con menos de cuatro restricciones de estiramiento (reciben las escalas de borde de los ajustes)</translation>
    </message>
    <message>
        <source>S&amp;tretch</source>
        <translation>Estiramie&amp;nto</translation>
    </message>
    <message>
        <source>Edges coloured by length over rest length: blue compressed, green at rest, red stretched by 10% or more</source>
        <translation>Aristas coloreadas según longitud respecto a la de reposo: azul comprimida, verde en reposo, rojo estirada un 10 % o más</translation>
    </message>
    <message>
        <source>Max Distance &amp;Inwards</source>
        <translation>Max Distance hacia &amp;dentro</translation>
    </message>
    <message>
        <source>A line from each skinned vertex inwards, against its normal, as far as its Max Distance lets it go</source>
        <translation>Una línea desde cada vértice enlazado hacia dentro, contra su normal, hasta donde lo deja su Max Distance</translation>
    </message>
    <message>
        <source>Backstop &amp;Precise</source>
        <translation>Tope trasero &amp;preciso</translation>
    </message>
    <message>
        <source>Every vertex with a backstop to the nearest point of its sphere, unsampled</source>
        <translation>Cada vértice con tope trasero hasta el punto más cercano de su esfera, sin muestreo</translation>
    </message>
    <message>
        <source>Collision Shapes Wi&amp;re</source>
        <translation>Formas de colisión en &amp;alambre</translation>
    </message>
    <message>
        <source>The collision volumes&apos; edges as lines</source>
        <translation>Las aristas de los volúmenes de colisión como líneas</translation>
    </message>
    <message>
        <source>Skin Map &amp;Actual</source>
        <translation>Skin Map &amp;real</translation>
    </message>
    <message>
        <source>A line from each graphics vertex as the skin map draws it to where its bones alone would put it</source>
        <translation>Una línea desde cada vértice gráfico, tal como lo dibuja el skin map, hasta donde lo pondrían solo sus huesos</translation>
    </message>
    <message>
        <source>&amp;Graphical Vertex Bones</source>
        <translation>Huesos de los vértices &amp;gráficos</translation>
    </message>
    <message>
        <source>Lines from each graphics vertex to its bones, blue for light weights, red for heavy ones</source>
        <translation>Líneas desde cada vértice gráfico a sus huesos, azul para pesos ligeros, rojo para pesados</translation>
    </message>
    <message>
        <source>P&amp;hysical Vertex Bones</source>
        <translation>Huesos de los vértices &amp;físicos</translation>
    </message>
    <message>
        <source>Lines from each physics vertex to its bones, blue for light weights, red for heavy ones</source>
        <translation>Líneas desde cada vértice físico a sus huesos, azul para pesos ligeros, rojo para pesados</translation>
    </message>
    <message>
        <source>&amp;Riders Through the Shell</source>
        <translation>&amp;Acompañantes a través de la capa</translation>
    </message>
    <message>
        <source>Rider vertices (a lining) outside their shell by more than 2 mm (while simulating)</source>
        <translation>Vértices de acompañantes (un forro) fuera de su capa por más de 2 mm (al simular)</translation>
    </message>
    <message>
        <source>S&amp;hells Through Each Other</source>
        <translation>Capas &amp;una a través de otra</translation>
    </message>
    <message>
        <source>Vertices of an outer shell inside an inner shell by more than 2 mm (while simulating)</source>
        <translation>Vértices de una capa exterior dentro de una capa interior por más de 2 mm (al simular)</translation>
    </message>
    <message>
        <source>B&amp;ody Through the Garment</source>
        <translation>Cuerp&amp;o a través de la prenda</translation>
    </message>
    <message>
        <source>Body vertices outside the garment&apos;s simulated surface by more than 2 mm (while simulating)</source>
        <translation>Vértices del cuerpo fuera de la superficie simulada de la prenda por más de 2 mm (al simular)</translation>
    </message>
    <message>
        <source>Vertices at Max &amp;Distance</source>
        <translation>Vértices en la Max &amp;Distance</translation>
    </message>
    <message>
        <source>Physics vertices held at their Max Distance limit (while simulating)</source>
        <translation>Vértices físicos retenidos en su límite de Max Distance (al simular)</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Document</name>
    <message>
        <source>Untitled</source>
        <translation>Sin título</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>Cambiar %1</translation>
    </message>
    <message>
        <source>Apply fabric preset %1</source>
        <translation>Aplicar el tejido predefinido %1</translation>
    </message>
    <message>
        <source>Reset simulation settings</source>
        <translation>Restablecer los ajustes de simulación</translation>
    </message>
    <message>
        <source>Re-import character</source>
        <translation>Reimportar personaje</translation>
    </message>
    <message>
        <source>The source character %1 has changed since the asset was made; File &gt; Re-import Character brings the changes in.</source>
        <translation>El personaje de origen %1 ha cambiado desde que se creó el recurso; Archivo &gt; Reimportar personaje incorpora los cambios.</translation>
    </message>
    <message>
        <source>The source character %1 is missing; showing the asset&apos;s garment only.</source>
        <translation>Falta el personaje de origen %1; solo se muestra la prenda del recurso.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(ninguno)</translation>
    </message>
    <message>
        <source>The document has no source character to re-import.</source>
        <translation>El documento no tiene un personaje de origen que reimportar.</translation>
    </message>
    <message>
        <source>Collision volume %1 was dropped: its bone is gone.</source>
        <translation>Se eliminó el volumen de colisión %1: su hueso ya no existe.</translation>
    </message>
    <message numerus="yes">
        <source>Only the most detailed LoD was re-imported; %n other LoD(s) were dropped.</source>
        <translation>
            <numerusform>Solo se reimportó el LoD más detallado; se descartó %n LoD más.</numerusform>
            <numerusform>Solo se reimportó el LoD más detallado; se descartaron otros %n LoD.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No mesh has skin weights: the %n mesh(es) follow their bones rigidly. %1, the largest, was taken as the garment; choose the garment meshes in the Physics Mesh panel.</source>
        <translation>
            <numerusform>Ninguna malla tiene pesos de piel: la %n malla sigue rígidamente a su hueso. Se tomó %1, la mayor, como prenda; elija las mallas de la prenda en el panel Malla física.</numerusform>
            <numerusform>Ninguna malla tiene pesos de piel: las %n mallas siguen rígidamente a sus huesos. Se tomó %1, la mayor, como prenda; elija las mallas de la prenda en el panel Malla física.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tweed::editor::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>glTF physics mesh (channels and collision volumes)</source>
        <translation>Malla física glTF (canales y volúmenes de colisión)</translation>
    </message>
    <message>
        <source>Point cache (glTF morph targets)</source>
        <translation>Caché de puntos (morph targets de glTF)</translation>
    </message>
    <message>
        <source>The physics mesh for engines with their own cloth, the simulated clip as bone animation for engines without a cloth run time, or the simulated garment per frame</source>
        <translation>La malla física para motores con su propia tela, el clip simulado como animación de huesos para motores sin tiempo de ejecución de tela, o la prenda simulada fotograma a fotograma</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>&amp;Archivo de salida:</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>&amp;Examinar...</translation>
    </message>
    <message>
        <source>&amp;Units:</source>
        <translation>&amp;Unidades:</translation>
    </message>
    <message>
        <source>Metres, Y up (glTF&apos;s convention)</source>
        <translation>Metros, Y arriba (convención de glTF)</translation>
    </message>
    <message>
        <source>The source file&apos;s: %1 m per unit, %2 up</source>
        <translation>Las del archivo de origen: %1 m por unidad, %2 arriba</translation>
    </message>
    <message>
        <source>&amp;Clip:</source>
        <translation>&amp;Clip:</translation>
    </message>
    <message>
        <source>Rest pose</source>
        <translation>Pose de reposo</translation>
    </message>
    <message>
        <source>F&amp;rames:</source>
        <translation>&amp;Fotogramas:</translation>
    </message>
    <message>
        <source>The clip once</source>
        <translation>El clip una vez</translation>
    </message>
    <message>
        <source>Frames per &amp;second:</source>
        <translation>Fotogramas por &amp;segundo:</translation>
    </message>
    <message>
        <source>&amp;Level of detail:</source>
        <translation>&amp;Nivel de detalle:</translation>
    </message>
    <message>
        <source>The graphics level of detail simulated and written</source>
        <translation>El nivel de detalle gráfico que se simula y se escribe</translation>
    </message>
    <message>
        <source>Cloth &amp;bones:</source>
        <translation>&amp;Huesos de tela:</translation>
    </message>
    <message>
        <source>How many cloth-driven bones the bake places on the physics mesh</source>
        <translation>Cuántos huesos movidos por la tela coloca el horneado en la malla física</translation>
    </message>
    <message>
        <source>Target&apos;s &amp;maximum bones:</source>
        <translation>&amp;Máximo de huesos del destino:</translation>
    </message>
    <message>
        <source>Target&apos;s maximum collision &amp;volumes:</source>
        <translation>Máximo de &amp;volúmenes de colisión del destino:</translation>
    </message>
    <message>
        <source>Target&apos;s maximum mor&amp;ph targets:</source>
        <translation>Máximo de mor&amp;ph targets del destino:</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <source>&amp;Allow loss: export without what the target cannot represent</source>
        <translation>&amp;Permitir pérdida: exportar sin lo que el destino no puede representar</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>The target represents everything in the asset.</source>
        <translation>El destino representa todo el recurso.</translation>
    </message>
    <message>
        <source>The target cannot represent:</source>
        <translation>El destino no puede representar:</translation>
    </message>
    <message>
        <source>The document has no garment to export.</source>
        <translation>El documento no tiene ninguna prenda que exportar.</translation>
    </message>
    <message>
        <source>Choose the file to write.</source>
        <translation>Elija el archivo que se escribirá.</translation>
    </message>
    <message>
        <source>Tick &quot;Allow loss&quot; to export without what is listed, or change the options.</source>
        <translation>Marque «Permitir pérdida» para exportar sin lo listado, o cambie las opciones.</translation>
    </message>
    <message>
        <source>glTF (*.gltf);;Binary glTF (*.glb)</source>
        <translation>glTF (*.gltf);;glTF binario (*.glb)</translation>
    </message>
    <message>
        <source>Exporting %1</source>
        <translation>Exportando %1</translation>
    </message>
    <message>
        <source>Export cancelled; %1 was not written.</source>
        <translation>Exportación cancelada; %1 no se escribió.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cannot export %1</source>
        <translation>No se puede exportar %1</translation>
    </message>
    <message>
        <source>FBX (*.fbx);;Collada (*.dae)</source>
        <translation>FBX (*.fbx);;Collada (*.dae)</translation>
    </message>
    <message>
        <source>Baked cloth-driven bones (glTF, FBX, Collada)</source>
        <translation>Huesos movidos por la tela, horneados (glTF, FBX, Collada)</translation>
    </message>
    <message>
        <source>A .gltf file (embedded buffer) or a binary .glb file; baked bones also a binary .fbx or a Collada .dae file</source>
        <translation>Un archivo .gltf (búfer incrustado) o un archivo binario .glb; los huesos horneados también un archivo binario .fbx o un archivo Collada .dae</translation>
    </message>
    <message>
        <source>Largest file si&amp;ze:</source>
        <translation>&amp;Tamaño máximo del archivo:</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Exports estimated larger than this are refused: a long clip at a high frame rate with a bone per vertex makes gigabytes</source>
        <translation>Se rechazan las exportaciones que se estiman mayores: un clip largo a una frecuencia alta con un hueso por vértice ocupa gigabytes</translation>
    </message>
    <message>
        <source>Largest file size in megabytes</source>
        <translation>Tamaño máximo del archivo en megabytes</translation>
    </message>
    <message>
        <source>Estimated file size</source>
        <translation>Tamaño estimado del archivo</translation>
    </message>
    <message>
        <source>Estimated size: %1</source>
        <translation>Tamaño estimado: %1</translation>
    </message>
    <message>
        <source>The file would be about %1, more than the size limit: export fewer frames, a lower frame rate or fewer cloth bones, or raise the limit.</source>
        <translation>El archivo ocuparía unos %1, más que el límite de tamaño: exporte menos fotogramas, una frecuencia más baja o menos huesos de tela, o suba el límite.</translation>
    </message>
    <message>
        <source>Write the simulation cache&apos;s frames instead of simulating again</source>
        <translation>Escribir los fotogramas de la caché de simulación en lugar de volver a simular</translation>
    </message>
    <message>
        <source>Write the cached frames</source>
        <translation>Escribir los fotogramas en caché</translation>
    </message>
    <message>
        <source>The frames as simulated in the viewport (with its wind, motion and pre-roll); for the clip, frame rate and LoD they were simulated with, as many frames as are cached</source>
        <translation>Los fotogramas tal como se simularon en la vista (con su viento, movimiento y pre-roll); para el clip, la frecuencia de fotogramas y el LoD con que se simularon, tantos fotogramas como haya en caché</translation>
    </message>
    <message>
        <source>Write the simulation cache&apos;s frames instead of simulating again (%1 cached)</source>
        <translation>Escribir los fotogramas de la caché de simulación en lugar de volver a simular (%1 en caché)</translation>
    </message>
    <message>
        <source>The asset&apos;s set, else one per physics vertex</source>
        <translation>El conjunto del asset, o uno por vértice físico</translation>
    </message>
</context>
<context>
    <name>tweed::editor::GrabTool</name>
    <message>
        <source>Vertex %1</source>
        <translation>Vértice %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Mass: %1 g</source>
        <translation>Masa: %1 g</translation>
    </message>
    <message>
        <source>From its skinned position: %1 cm</source>
        <translation>Desde su posición deformada por los huesos: %1 cm</translation>
    </message>
    <message>
        <source>Fixed: follows its skinned position</source>
        <translation>Fijo: sigue su posición deformada por los huesos</translation>
    </message>
    <message>
        <source>At its Max Distance (%1 cm)</source>
        <translation>En su Max Distance (%1 cm)</translation>
    </message>
    <message>
        <source>Within its Max Distance (%1 cm)</source>
        <translation>Dentro de su Max Distance (%1 cm)</translation>
    </message>
    <message>
        <source>In contact with a collision volume</source>
        <translation>En contacto con un volumen de colisión</translation>
    </message>
    <message>
        <source>Not touching a collision volume</source>
        <translation>Sin tocar ningún volumen de colisión</translation>
    </message>
</context>
<context>
    <name>tweed::editor::LongOperation</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>tweed::editor::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Overlays</source>
        <translation>&amp;Superposiciones</translation>
    </message>
    <message>
        <source>&amp;Camera</source>
        <translation>&amp;Cámara</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Paneles</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Simulación</translation>
    </message>
    <message>
        <source>Fabric &amp;Preset</source>
        <translation>&amp;Tejido predefinido</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Ver</translation>
    </message>
    <message>
        <source>Undo History</source>
        <translation>Historial de deshacer</translation>
    </message>
    <message>
        <source>&lt;original&gt;</source>
        <translation>&lt;original&gt;</translation>
    </message>
    <message>
        <source>&amp;New from Character...</source>
        <translation>&amp;Nuevo a partir de un personaje...</translation>
    </message>
    <message>
        <source>Import a character file and start a clothing asset on it</source>
        <translation>Importar un archivo de personaje y empezar un recurso de ropa sobre él</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>&amp;Abrir...</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>Guardar &amp;como...</translation>
    </message>
    <message>
        <source>&amp;Export Cooked...</source>
        <translation>&amp;Exportar compilado...</translation>
    </message>
    <message>
        <source>Write the asset cooked for the game runtime (.tweedc)</source>
        <translation>Escribir el recurso compilado para el motor del juego (.tweedc)</translation>
    </message>
    <message>
        <source>Re-&amp;import Character</source>
        <translation>Re&amp;importar personaje</translation>
    </message>
    <message>
        <source>Read the source character again, keeping painted channels, collision volumes and settings</source>
        <translation>Volver a leer el personaje de origen conservando los canales pintados, los volúmenes de colisión y los ajustes</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Cerrar</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>&amp;Borrar archivos recientes</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <source>&amp;Preferences...</source>
        <translation>&amp;Preferencias...</translation>
    </message>
    <message>
        <source>&amp;Skeleton</source>
        <translation>&amp;Esqueleto</translation>
    </message>
    <message>
        <source>&amp;Bone Names</source>
        <translation>&amp;Nombres de huesos</translation>
    </message>
    <message>
        <source>&amp;Wireframe</source>
        <translation>&amp;Alambre</translation>
    </message>
    <message>
        <source>&amp;Normals</source>
        <translation>N&amp;ormales</translation>
    </message>
    <message>
        <source>&amp;Physics Mesh</source>
        <translation>Malla &amp;física</translation>
    </message>
    <message>
        <source>&amp;Collision Volumes</source>
        <translation>&amp;Volúmenes de colisión</translation>
    </message>
    <message>
        <source>&amp;Grid</source>
        <translation>&amp;Rejilla</translation>
    </message>
    <message>
        <source>Frame &amp;All</source>
        <translation>Encuadrar &amp;todo</translation>
    </message>
    <message>
        <source>&amp;Frame Selected</source>
        <translation>&amp;Encuadrar selección</translation>
    </message>
    <message>
        <source>&amp;Front</source>
        <translation>&amp;Frontal</translation>
    </message>
    <message>
        <source>&amp;Side</source>
        <translation>&amp;Lateral</translation>
    </message>
    <message>
        <source>&amp;Top</source>
        <translation>&amp;Superior</translation>
    </message>
    <message>
        <source>&amp;Perspective</source>
        <translation>&amp;Perspectiva</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Restablecer disposición</translation>
    </message>
    <message>
        <source>Reset Settings to &amp;Defaults</source>
        <translation>Restablecer ajustes &amp;predeterminados</translation>
    </message>
    <message>
        <source>&amp;About Tweed</source>
        <translation>&amp;Acerca de Tweed</translation>
    </message>
    <message>
        <source>%1[*] - Tweed</source>
        <translation>%1[*] - Tweed</translation>
    </message>
    <message>
        <source>%1 meshes, %2 vertices, %3 triangles, %4 bones, %5 clips</source>
        <translation>%1 mallas, %2 vértices, %3 triángulos, %4 huesos, %5 clips</translation>
    </message>
    <message>
        <source>Characters (%1)</source>
        <translation>Personajes (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled.</source>
        <translation>Se canceló la apertura de %1.</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>No se puede abrir %1</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>Abierto %1.</translation>
    </message>
    <message>
        <source>Opening %1...</source>
        <translation>Abriendo %1...</translation>
    </message>
    <message>
        <source>Importing %1...</source>
        <translation>Importando %1...</translation>
    </message>
    <message>
        <source>New from Character</source>
        <translation>Nuevo a partir de un personaje</translation>
    </message>
    <message>
        <source>Clothing assets (*.tweed)</source>
        <translation>Recursos de ropa (*.tweed)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Cannot save %1</source>
        <translation>No se puede guardar %1</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Guardado %1.</translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>Guardar como</translation>
    </message>
    <message>
        <source>Export Cooked</source>
        <translation>Exportar compilado</translation>
    </message>
    <message>
        <source>Cooked clothing (*.tweedc)</source>
        <translation>Ropa compilada (*.tweedc)</translation>
    </message>
    <message>
        <source>Cannot export %1</source>
        <translation>No se puede exportar %1</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>Exportado %1.</translation>
    </message>
    <message>
        <source>Re-importing %1...</source>
        <translation>Reimportando %1...</translation>
    </message>
    <message>
        <source>Re-import cancelled.</source>
        <translation>Reimportación cancelada.</translation>
    </message>
    <message>
        <source>Cannot re-import %1</source>
        <translation>No se puede reimportar %1</translation>
    </message>
    <message>
        <source>Re-imported %1.</source>
        <translation>Reimportado %1.</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>Falló el guardado automático: %1</translation>
    </message>
    <message>
        <source>Autosaved.</source>
        <translation>Guardado automático realizado.</translation>
    </message>
    <message>
        <source>an untitled asset</source>
        <translation>un recurso sin título</translation>
    </message>
    <message>
        <source>Restoring unsaved work...</source>
        <translation>Restaurando el trabajo sin guardar...</translation>
    </message>
    <message>
        <source>Cannot restore unsaved work</source>
        <translation>No se puede restaurar el trabajo sin guardar</translation>
    </message>
    <message>
        <source>About Tweed</source>
        <translation>Acerca de Tweed</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tweed %1&lt;/h3&gt;&lt;p&gt;An authoring tool for game character clothing: physics meshes, painted constraints, collision volumes and live simulation on the character&apos;s own animation.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tweed %1&lt;/h3&gt;&lt;p&gt;Una herramienta de creación de ropa para personajes de videojuegos: mallas físicas, restricciones pintadas, volúmenes de colisión y simulación en vivo sobre la propia animación del personaje.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>E&amp;xport for Engines...</source>
        <translation>E&amp;xportar para motores...</translation>
    </message>
    <message>
        <source>Export the physics mesh, baked cloth-driven bones or a point cache as glTF</source>
        <translation>Exportar la malla física, los huesos movidos por la tela horneados o una caché de puntos como glTF</translation>
    </message>
    <message>
        <source>&amp;Debug Views</source>
        <translation>&amp;Vistas de depuración</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Herramientas</translation>
    </message>
    <message>
        <source>Fabric Presets</source>
        <translation>Tejidos predefinidos</translation>
    </message>
    <message>
        <source>Open a clothing asset (.tweed, or a cooked .tweedc to convert) or a character file</source>
        <translation>Abrir un recurso de ropa (.tweed, o un .tweedc cocinado para convertirlo) o un archivo de personaje</translation>
    </message>
    <message>
        <source>Opened %1, converted from a cooked file; saving writes a .tweed asset.</source>
        <translation>Abierto %1, convertido desde un archivo cocinado; al guardar se escribe un recurso .tweed.</translation>
    </message>
    <message>
        <source>Clothing assets (*.tweed *.tweedc)</source>
        <translation>Recursos de ropa (*.tweed *.tweedc)</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Guía del usuario</translation>
    </message>
    <message>
        <source>Workspaces</source>
        <translation>Espacios de trabajo</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>Ve&amp;ntana</translation>
    </message>
    <message>
        <source>Put the panels of the current workspace back where they start</source>
        <translation>Devolver los paneles del espacio de trabajo actual a su posición inicial</translation>
    </message>
    <message numerus="yes">
        <source>%1 %n warning(s) in the Messages panel.</source>
        <translation>
            <numerusform>%1 %n aviso en el panel Mensajes.</numerusform>
            <numerusform>%1 %n avisos en el panel Mensajes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Restored work</source>
        <translation>Trabajo restaurado</translation>
    </message>
    <message>
        <source>Restored unsaved work.</source>
        <translation>Se restauró el trabajo sin guardar.</translation>
    </message>
    <message>
        <source>New Cloth &amp;Patch...</source>
        <translation>Nueva &amp;pieza de tela...</translation>
    </message>
    <message>
        <source>Start an asset on a pinned sheet of cloth, to try a fabric without a character</source>
        <translation>Empezar un recurso sobre una pieza de tela sujeta, para probar un tejido sin personaje</translation>
    </message>
    <message>
        <source>New Ro&amp;pe...</source>
        <translation>Nue&amp;va cuerda...</translation>
    </message>
    <message>
        <source>Start an asset on a hanging rope, to try a fabric without a character</source>
        <translation>Empezar un recurso sobre una cuerda colgante, para probar un tejido sin personaje</translation>
    </message>
    <message>
        <source>Making the rope...</source>
        <translation>Creando la cuerda...</translation>
    </message>
    <message>
        <source>Making the cloth patch...</source>
        <translation>Creando la pieza de tela...</translation>
    </message>
    <message>
        <source>Cannot make the rope</source>
        <translation>No se puede crear la cuerda</translation>
    </message>
    <message>
        <source>Cannot make the patch</source>
        <translation>No se puede crear la pieza de tela</translation>
    </message>
    <message>
        <source>New rope: play to watch it hang.</source>
        <translation>Nueva cuerda: reproduce para verla colgar.</translation>
    </message>
    <message>
        <source>New cloth patch: play to watch it hang.</source>
        <translation>Nueva pieza de tela: reproduce para verla colgar.</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulación</translation>
    </message>
    <message>
        <source>Simulating.</source>
        <translation>Simulando.</translation>
    </message>
</context>
<context>
    <name>tweed::editor::MaskBitsPicker</name>
    <message>
        <source>Latch group %1</source>
        <translation>Grupo de enganche %1</translation>
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
        <translation>Mensajes</translation>
    </message>
    <message>
        <source>Message List</source>
        <translation>Lista de mensajes</translation>
    </message>
    <message>
        <source>Warnings about the character and the asset, newest last</source>
        <translation>Avisos sobre el personaje y el recurso, el más reciente al final</translation>
    </message>
    <message>
        <source>Clear Messages</source>
        <translation>Borrar mensajes</translation>
    </message>
</context>
<context>
    <name>tweed::editor::OutlinerDock</name>
    <message>
        <source>Outliner</source>
        <translation>Esquema</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>Character meshes (%1)</source>
        <translation>Mallas del personaje (%1)</translation>
    </message>
    <message>
        <source>Garment LoDs (%1)</source>
        <translation>LoD de la prenda (%1)</translation>
    </message>
    <message>
        <source>Physics meshes (%1)</source>
        <translation>Mallas físicas (%1)</translation>
    </message>
    <message>
        <source>Bones (%1)</source>
        <translation>Huesos (%1)</translation>
    </message>
    <message>
        <source>Collision volumes (%1)</source>
        <translation>Volúmenes de colisión (%1)</translation>
    </message>
    <message>
        <source>Clips (%1)</source>
        <translation>Clips (%1)</translation>
    </message>
    <message>
        <source>%1 vertices, %2 triangles</source>
        <translation>%1 vértices, %2 triángulos</translation>
    </message>
    <message>
        <source>Submesh %1</source>
        <translation>Submalla %1</translation>
    </message>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n triángulo</numerusform>
            <numerusform>%n triángulos</numerusform>
        </translation>
    </message>
    <message>
        <source>Mesh %1</source>
        <translation>Malla %1</translation>
    </message>
    <message>
        <source>LoD %1</source>
        <translation>LoD %1</translation>
    </message>
    <message>
        <source>Physics mesh %1</source>
        <translation>Malla física %1</translation>
    </message>
    <message>
        <source>Bone %1</source>
        <translation>Hueso %1</translation>
    </message>
    <message>
        <source>Volume %1</source>
        <translation>Volumen %1</translation>
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
        <translation>Valor tomado: %1</translation>
    </message>
    <message>
        <source>Picked mask 0x%1</source>
        <translation>Máscara tomada: 0x%1</translation>
    </message>
    <message>
        <source>Painting</source>
        <translation>Pintura</translation>
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
        <translation>Abra un personaje para pintar su prenda</translation>
    </message>
    <message>
        <source>Paint</source>
        <translation>Pintar</translation>
    </message>
    <message>
        <source>Paint in the viewport with the left mouse button; Alt and the other buttons still move the camera</source>
        <translation>Pintar en la vista con el botón izquierdo del ratón; Alt y los demás botones siguen moviendo la cámara</translation>
    </message>
    <message>
        <source>&amp;Paint Channels</source>
        <translation>&amp;Pintar canales</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>The per-vertex channel to paint</source>
        <translation>El canal por vértice que se pinta</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Grupos</translation>
    </message>
    <message>
        <source>The latch groups (bits) the tools set or clear</source>
        <translation>Los grupos de enganche (bits) que las herramientas activan o desactivan</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Herramienta</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>Pincel</translation>
    </message>
    <message>
        <source>Smooth</source>
        <translation>Suavizar</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>Rellenar</translation>
    </message>
    <message>
        <source>Gradient</source>
        <translation>Degradado</translation>
    </message>
    <message>
        <source>Pick</source>
        <translation>Cuentagotas</translation>
    </message>
    <message>
        <source>Lasso</source>
        <translation>Lazo</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Rectángulo</translation>
    </message>
    <message>
        <source>Drag over the garment to paint the value</source>
        <translation>Arrastre sobre la prenda para pintar el valor</translation>
    </message>
    <message>
        <source>Drag to even out the values under the brush</source>
        <translation>Arrastre para igualar los valores bajo el pincel</translation>
    </message>
    <message>
        <source>Click to give the whole garment (or the connected piece) the value</source>
        <translation>Haga clic para dar el valor a toda la prenda (o a la pieza conectada)</translation>
    </message>
    <message>
        <source>Click the start, then the end: values blend from Value to End value along the surface</source>
        <translation>Haga clic en el inicio y luego en el final: los valores pasan de Valor a Valor final a lo largo de la superficie</translation>
    </message>
    <message>
        <source>Click to take the value under the cursor</source>
        <translation>Haga clic para tomar el valor bajo el cursor</translation>
    </message>
    <message>
        <source>Draw a loop around vertices to give them the value</source>
        <translation>Dibuje un lazo alrededor de los vértices para darles el valor</translation>
    </message>
    <message>
        <source>Drag a rectangle around vertices to give them the value</source>
        <translation>Arrastre un rectángulo alrededor de los vértices para darles el valor</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>Radio</translation>
    </message>
    <message>
        <source>The brush radius in the scene ([ and ] in the viewport)</source>
        <translation>El radio del pincel en la escena ([ y ] en la vista)</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Intensidad</translation>
    </message>
    <message>
        <source>How far one dab moves a value towards its target at the centre</source>
        <translation>Cuánto acerca cada pincelada un valor a su objetivo en el centro</translation>
    </message>
    <message>
        <source>Falloff</source>
        <translation>Atenuación</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>Constante</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Lineal</translation>
    </message>
    <message>
        <source>Sharp</source>
        <translation>Aguda</translation>
    </message>
    <message>
        <source>How the brush weakens from its centre to its rim</source>
        <translation>Cómo se debilita el pincel desde el centro hasta el borde</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Establecer</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Sumar</translation>
    </message>
    <message>
        <source>Subtract</source>
        <translation>Restar</translation>
    </message>
    <message>
        <source>Multiply</source>
        <translation>Multiplicar</translation>
    </message>
    <message>
        <source>Values: set to, add, subtract or multiply by Value.
Masks: set the groups exactly, add them, remove them or keep only them</source>
        <translation>Valores: establecer en Valor, sumar, restar o multiplicar por Valor.
Máscaras: establecer los grupos exactamente, añadirlos, quitarlos o conservar solo esos</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>What the tools paint (the gradient&apos;s start value)</source>
        <translation>Lo que pintan las herramientas (el valor inicial del degradado)</translation>
    </message>
    <message>
        <source>End value</source>
        <translation>Valor final</translation>
    </message>
    <message>
        <source>The gradient&apos;s value at its end point</source>
        <translation>El valor del degradado en su punto final</translation>
    </message>
    <message>
        <source>Reach</source>
        <translation>Alcance</translation>
    </message>
    <message>
        <source>Whole mesh</source>
        <translation>Malla completa</translation>
    </message>
    <message>
        <source>Connected region</source>
        <translation>Región conectada</translation>
    </message>
    <message>
        <source>Fill the whole garment, or only the piece under the cursor</source>
        <translation>Rellenar toda la prenda o solo la pieza bajo el cursor</translation>
    </message>
    <message>
        <source>Paint through</source>
        <translation>Pintar a través</translation>
    </message>
    <message>
        <source>Also paint vertices hidden behind other parts of the garment; otherwise only what the camera sees changes</source>
        <translation>Pintar también los vértices ocultos detrás de otras partes de la prenda; si no, solo cambia lo que ve la cámara</translation>
    </message>
    <message>
        <source>Symmetry</source>
        <translation>Simetría</translation>
    </message>
    <message>
        <source>Mirror</source>
        <translation>Reflejar</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivado</translation>
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
        <translation>Pintar también la imagen reflejada respecto al plano del personaje</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Correspondencia</translation>
    </message>
    <message>
        <source>By position</source>
        <translation>Por posición</translation>
    </message>
    <message>
        <source>By topology</source>
        <translation>Por topología</translation>
    </message>
    <message>
        <source>Find mirror vertices by position within the tolerance, or follow the mesh&apos;s connections for meshes that are not placed exactly symmetrically</source>
        <translation>Buscar los vértices simétricos por posición dentro de la tolerancia, o seguir las conexiones de la malla en mallas que no están colocadas de forma exactamente simétrica</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Tolerancia</translation>
    </message>
    <message>
        <source>How far a mirrored vertex may be from its partner&apos;s mirror image</source>
        <translation>Cuánto puede alejarse un vértice reflejado de la imagen reflejada de su pareja</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>Visualización</translation>
    </message>
    <message>
        <source>Show on</source>
        <translation>Mostrar en</translation>
    </message>
    <message>
        <source>Graphics mesh</source>
        <translation>Malla gráfica</translation>
    </message>
    <message>
        <source>Physics mesh</source>
        <translation>Malla física</translation>
    </message>
    <message>
        <source>Colour the garment, or the physics mesh that simulates it</source>
        <translation>Colorear la prenda o la malla física que la simula</translation>
    </message>
    <message>
        <source>Ramp from</source>
        <translation>Rampa desde</translation>
    </message>
    <message>
        <source>The value shown dark blue</source>
        <translation>El valor que se muestra en azul oscuro</translation>
    </message>
    <message>
        <source>Ramp to</source>
        <translation>Rampa hasta</translation>
    </message>
    <message>
        <source>The value shown red</source>
        <translation>El valor que se muestra en rojo</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <source>Fit the ramp to the channel&apos;s values</source>
        <translation>Ajustar la rampa a los valores del canal</translation>
    </message>
    <message>
        <source>Exponential Mass Gradient</source>
        <translation>Degradado exponencial de masa</translation>
    </message>
    <message numerus="yes">
        <source>%n vertices changed</source>
        <translation>
            <numerusform>%n vértice cambiado</numerusform>
            <numerusform>%n vértices cambiados</numerusform>
        </translation>
    </message>
    <message>
        <source>Mass Gradient</source>
        <translation>Degradado de masa</translation>
    </message>
    <message>
        <source>Factor per level</source>
        <translation>Factor por nivel</translation>
    </message>
    <message>
        <source>How many times as heavy each level is as the one below it</source>
        <translation>Cuántas veces más pesado es cada nivel que el de debajo</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>Niveles</translation>
    </message>
    <message>
        <source>How many levels (edge rings out from the pinned vertices) grow heavier; the rest keep a Mass Scale of 1</source>
        <translation>Cuántos niveles (anillos de aristas desde los vértices fijados) se vuelven más pesados; el resto conserva una escala de masa de 1</translation>
    </message>
    <message>
        <source>Apply Exponential Mass Gradient</source>
        <translation>Aplicar degradado exponencial de masa</translation>
    </message>
    <message>
        <source>Sets the Mass Scale channel: heaviest at the pinned vertices (Max Distance 0), each level lighter by the factor</source>
        <translation>Fija el canal de escala de masa: más pesado en los vértices fijados (Max Distance 0), cada nivel más ligero según el factor</translation>
    </message>
    <message>
        <source>Paint Tool</source>
        <translation>Herramienta de pintura</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PaintTool</name>
    <message numerus="yes">
        <source>%n vertices changed</source>
        <translation>
            <numerusform>%n vértice cambiado</numerusform>
            <numerusform>%n vértices cambiados</numerusform>
        </translation>
    </message>
    <message>
        <source>Fill region with %1</source>
        <translation>Rellenar región con %1</translation>
    </message>
    <message>
        <source>Fill %1</source>
        <translation>Rellenar %1</translation>
    </message>
    <message>
        <source>Gradients paint value channels, not masks</source>
        <translation>Los degradados pintan canales de valores, no máscaras</translation>
    </message>
    <message>
        <source>Click where the gradient ends</source>
        <translation>Haga clic donde termina el degradado</translation>
    </message>
    <message>
        <source>Gradient on %1</source>
        <translation>Degradado en %1</translation>
    </message>
    <message>
        <source>Paint selection on %1</source>
        <translation>Pintar selección en %1</translation>
    </message>
    <message>
        <source>Smooth %1</source>
        <translation>Suavizar %1</translation>
    </message>
    <message>
        <source>Paint %1</source>
        <translation>Pintar %1</translation>
    </message>
    <message>
        <source>bits set</source>
        <translation>bits activados</translation>
    </message>
    <message>
        <source>bits clear</source>
        <translation>bits desactivados</translation>
    </message>
    <message>
        <source>Paint</source>
        <translation>Pintar</translation>
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
        <translation>LoD %1 · %2 vértices</translation>
    </message>
    <message>
        <source>Own physics mesh</source>
        <translation>Malla física propia</translation>
    </message>
    <message>
        <source>Share the physics mesh of LoD %1</source>
        <translation>Compartir la malla física del LoD %1</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>max %1 %, mean %2 %</source>
        <translation>máx. %1 %, media %2 %</translation>
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
        <translation>%1 lejanos, %2 fallidos, desplazamiento máximo %3</translation>
    </message>
    <message>
        <source>Custom Physics Mesh</source>
        <translation>Malla física personalizada</translation>
    </message>
    <message>
        <source>Meshes (*.obj *.fbx *.dae *.gltf *.glb *.ply *.stl);;All files (*)</source>
        <translation>Mallas (*.obj *.fbx *.dae *.gltf *.glb *.ply *.stl);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Own physics mesh (current path settings)</source>
        <translation>Malla física propia (ajustes actuales del procedimiento)</translation>
    </message>
    <message>
        <source>Cancelled: nothing changed.</source>
        <translation>Cancelado: no ha cambiado nada.</translation>
    </message>
    <message>
        <source>Failed: nothing changed.</source>
        <translation>Error: no ha cambiado nada.</translation>
    </message>
    <message>
        <source>Generate Physics Mesh</source>
        <translation>Generar malla física</translation>
    </message>
    <message>
        <source>There is no garment LoD to generate for.</source>
        <translation>No hay ningún LoD de la prenda para el que generar.</translation>
    </message>
    <message>
        <source>No submesh is chosen: check at least one submesh of the garment.</source>
        <translation>No se ha elegido ninguna submalla: marque al menos una submalla de la prenda.</translation>
    </message>
    <message>
        <source>No garment mesh is chosen: check at least one character mesh.</source>
        <translation>No se ha elegido ninguna malla de la prenda: marque al menos una malla del personaje.</translation>
    </message>
    <message>
        <source>Generating the physics mesh…</source>
        <translation>Generando la malla física…</translation>
    </message>
    <message>
        <source>The physics mesh of LoD %1 was not generated: %2</source>
        <translation>No se generó la malla física del LoD %1: %2</translation>
    </message>
    <message>
        <source>Generate physics mesh</source>
        <translation>Generar malla física</translation>
    </message>
    <message>
        <source>Generated %1 vertices in %2 s.</source>
        <translation>Se generaron %1 vértices en %2 s.</translation>
    </message>
    <message>
        <source>Auto Setup</source>
        <translation>Configuración automática</translation>
    </message>
    <message>
        <source>Auto Setup needs the source character: open a character or an asset whose character file is found.</source>
        <translation>La configuración automática necesita el personaje de origen: abra un personaje o un recurso cuyo archivo de personaje se encuentre.</translation>
    </message>
    <message>
        <source>Auto Setup…</source>
        <translation>Configuración automática…</translation>
    </message>
    <message>
        <source>Auto Setup changed nothing: %1</source>
        <translation>La configuración automática no cambió nada: %1</translation>
    </message>
    <message>
        <source>Auto Setup done in %1 s: every clip passes the measures.</source>
        <translation>Configuración automática hecha en %1 s: todos los clips cumplen las medidas.</translation>
    </message>
    <message numerus="yes">
        <source>Auto Setup done in %1 s: %n measure(s) still fail.</source>
        <translation>
            <numerusform>Configuración automática hecha en %1 s: %n medida aún falla.</numerusform>
            <numerusform>Configuración automática hecha en %1 s: %n medidas aún fallan.</numerusform>
        </translation>
    </message>
    <message>
        <source>Chooses the layers, physics mesh, pinned region, Max Distance, backstop, collision volumes, bone-weight repair and settings from the character and all its clips, and checks every clip</source>
        <translation>Elige las capas, la malla física, la zona fijada, Max Distance, el backstop, los volúmenes de colisión, la reparación de pesos de huesos y los ajustes a partir del personaje y todos sus clips, y comprueba cada clip</translation>
    </message>
    <message>
        <source>Auto Setup report</source>
        <translation>Informe de la configuración automática</translation>
    </message>
    <message>
        <source>Add LoD</source>
        <translation>Añadir LoD</translation>
    </message>
    <message>
        <source>Adding a LoD…</source>
        <translation>Añadiendo un LoD…</translation>
    </message>
    <message>
        <source>The LoD was not added: %1</source>
        <translation>No se añadió el LoD: %1</translation>
    </message>
    <message>
        <source>Added LoD %1.</source>
        <translation>LoD %1 añadido.</translation>
    </message>
    <message>
        <source>LoD %1 cannot share the physics mesh of LoD %2: %3</source>
        <translation>El LoD %1 no puede compartir la malla física del LoD %2: %3</translation>
    </message>
    <message>
        <source>Share Physics Mesh</source>
        <translation>Compartir malla física</translation>
    </message>
    <message>
        <source>Share physics mesh</source>
        <translation>Compartir malla física</translation>
    </message>
    <message>
        <source>Physics Mesh</source>
        <translation>Malla física</translation>
    </message>
    <message>
        <source>Level of detail</source>
        <translation>Nivel de detalle</translation>
    </message>
    <message>
        <source>Add LoD from mesh…</source>
        <translation>Añadir LoD desde una malla…</translation>
    </message>
    <message>
        <source>A new graphical LoD made of one of the character&apos;s meshes</source>
        <translation>Un nuevo LoD gráfico hecho con una de las mallas del personaje</translation>
    </message>
    <message>
        <source>Physics mesh</source>
        <translation>Malla física</translation>
    </message>
    <message>
        <source>Garment</source>
        <translation>Prenda</translation>
    </message>
    <message>
        <source>Character meshes that make the garment:</source>
        <translation>Mallas del personaje que forman la prenda:</translation>
    </message>
    <message>
        <source>Submeshes simulated:</source>
        <translation>Submallas simuladas:</translation>
    </message>
    <message>
        <source>Only vertices painted Physics on</source>
        <translation>Solo los vértices pintados con Física activada</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Procedimiento</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <source>Immediate</source>
        <translation>Inmediato</translation>
    </message>
    <message>
        <source>Weld</source>
        <translation>Soldar</translation>
    </message>
    <message>
        <source>Simplify</source>
        <translation>Simplificar</translation>
    </message>
    <message>
        <source>Iso-surface</source>
        <translation>Isosuperficie</translation>
    </message>
    <message>
        <source>Custom mesh</source>
        <translation>Malla personalizada</translation>
    </message>
    <message>
        <source>The garment&apos;s triangles as they are</source>
        <translation>Los triángulos de la prenda tal cual</translation>
    </message>
    <message>
        <source>Vertices within the weld tolerance merged: seams are sewn</source>
        <translation>Los vértices dentro de la tolerancia de soldadura se fusionan: las costuras se cosen</translation>
    </message>
    <message>
        <source>Welded, then reduced to the target with even triangles</source>
        <translation>Soldada y luego reducida al objetivo con triángulos uniformes</translation>
    </message>
    <message>
        <source>One outer layer wrapped over a layered garment</source>
        <translation>Una capa exterior que envuelve una prenda de varias capas</translation>
    </message>
    <message>
        <source>Your own low-resolution mesh from a file</source>
        <translation>Su propia malla de baja resolución desde un archivo</translation>
    </message>
    <message>
        <source>Soft body (tetrahedra)</source>
        <translation>Cuerpo blando (tetraedros)</translation>
    </message>
    <message>
        <source>Tetrahedra filling the iso-surface, simulated as a soft body that keeps its volume</source>
        <translation>Tetraedros que llenan la isosuperficie, simulados como un cuerpo blando que conserva su volumen</translation>
    </message>
    <message>
        <source>Contraction</source>
        <translation>Contracción</translation>
    </message>
    <message>
        <source>Outer layer</source>
        <translation>Capa exterior</translation>
    </message>
    <message>
        <source>Moves the outer layer inward; at 1 it lies on the medial surface of the layers it wraps</source>
        <translation>Mueve la capa exterior hacia dentro; en 1 queda sobre la superficie media de las capas que envuelve</translation>
    </message>
    <message>
        <source>Weld tolerance</source>
        <translation>Tolerancia de soldadura</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Objetivo</translation>
    </message>
    <message>
        <source>Vertex count</source>
        <translation>Número de vértices</translation>
    </message>
    <message>
        <source>Edge length</source>
        <translation>Longitud de arista</translation>
    </message>
    <message>
        <source>Target vertices</source>
        <translation>Vértices objetivo</translation>
    </message>
    <message>
        <source>Target edge length</source>
        <translation>Longitud de arista objetivo</translation>
    </message>
    <message>
        <source>Close holes below</source>
        <translation>Cerrar agujeros menores de</translation>
    </message>
    <message>
        <source>Boundary loops shorter than this are closed; 0 keeps every hole</source>
        <translation>Se cierran los bucles de borde más cortos que esto; 0 conserva todos los agujeros</translation>
    </message>
    <message>
        <source>Keep all holes</source>
        <translation>Conservar todos los agujeros</translation>
    </message>
    <message>
        <source>Subdivisions</source>
        <translation>Subdivisiones</translation>
    </message>
    <message>
        <source>Voxel size</source>
        <translation>Tamaño de vóxel</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automático</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Desplazamiento</translation>
    </message>
    <message>
        <source>One voxel</source>
        <translation>Un vóxel</translation>
    </message>
    <message>
        <source>Mesh file</source>
        <translation>Archivo de malla</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Normals</source>
        <translation>Normales</translation>
    </message>
    <message>
        <source>From the mesh</source>
        <translation>De la malla</translation>
    </message>
    <message>
        <source>From the bones</source>
        <translation>De los huesos</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Generar</translation>
    </message>
    <message>
        <source>Builds the LoD&apos;s physics mesh again; the paint is kept</source>
        <translation>Vuelve a construir la malla física del LoD; la pintura se conserva</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Informe</translation>
    </message>
    <message>
        <source>Vertices</source>
        <translation>Vértices</translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation>Triángulos</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>Componentes</translation>
    </message>
    <message>
        <source>Boundary loops</source>
        <translation>Bucles de borde</translation>
    </message>
    <message>
        <source>Surface error</source>
        <translation>Error de superficie</translation>
    </message>
    <message>
        <source>Smallest angle</source>
        <translation>Ángulo mínimo</translation>
    </message>
    <message>
        <source>Edge-length spread</source>
        <translation>Dispersión de longitud de arista</translation>
    </message>
    <message>
        <source>Skin map</source>
        <translation>Mapa de piel</translation>
    </message>
    <message>
        <source>Vertices of the physics mesh: its simulation cost</source>
        <translation>Vértices de la malla física: su coste de simulación</translation>
    </message>
    <message>
        <source>Triangles of the physics mesh</source>
        <translation>Triángulos de la malla física</translation>
    </message>
    <message>
        <source>Separate pieces</source>
        <translation>Piezas separadas</translation>
    </message>
    <message>
        <source>Open edge loops: holes and the garment&apos;s openings</source>
        <translation>Bucles de aristas abiertos: agujeros y aberturas de la prenda</translation>
    </message>
    <message>
        <source>Distance to the graphics surface in % of the garment&apos;s bounding-box diagonal</source>
        <translation>Distancia a la superficie gráfica en % de la diagonal de la caja delimitadora de la prenda</translation>
    </message>
    <message>
        <source>The sharpest triangle corner; thin triangles make the cloth unstable</source>
        <translation>La esquina de triángulo más aguda; los triángulos finos hacen inestable la tela</translation>
    </message>
    <message>
        <source>Standard deviation of the edge lengths over their mean</source>
        <translation>Desviación típica de las longitudes de arista respecto a su media</translation>
    </message>
    <message>
        <source>Graphics vertices bound far from their physics triangle, not bound at all, and the largest height above a triangle</source>
        <translation>Vértices gráficos enlazados lejos de su triángulo físico, sin enlazar en absoluto, y la mayor altura sobre un triángulo</translation>
    </message>
    <message>
        <source>Checking the clips…</source>
        <translation>Comprobando los clips…</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>Sin comprobar: %1</translation>
    </message>
    <message>
        <source>Not checked: the garment has no bone weights</source>
        <translation>Sin comprobar: la prenda no tiene pesos de huesos</translation>
    </message>
    <message>
        <source>largest %1 (graphics mesh %2) over %3</source>
        <translation>máximo %1 (malla gráfica %2) en %3</translation>
    </message>
    <message>
        <source>a procedural motion</source>
        <translation>un movimiento procedural</translation>
    </message>
    <message numerus="yes">
        <source>the clips (%n poses)</source>
        <translation>
            <numerusform>los clips (%n pose)</numerusform>
            <numerusform>los clips (%n poses)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>
Torn by the bones: %n edges; worst: vertices %1-%2 (%3), %4 at %5 s</source>
        <translation>
            <numerusform>
Desgarrada por los huesos: %n arista; peor: vértices %1-%2 (%3), %4 a %5 s</numerusform>
            <numerusform>
Desgarradas por los huesos: %n aristas; peor: vértices %1-%2 (%3), %4 a %5 s</numerusform>
        </translation>
    </message>
    <message>
        <source>Skinned stretch</source>
        <translation>Estiramiento por skinning</translation>
    </message>
    <message>
        <source>The largest edge stretch the bones alone cause over the character&apos;s clips, next to the graphics mesh&apos;s own; edges torn far beyond it are drawn in orange</source>
        <translation>El mayor estiramiento de arista que causan solo los huesos en los clips del personaje, junto al de la malla gráfica; las aristas desgarradas muy por encima se dibujan en naranja</translation>
    </message>
    <message>
        <source>Highlight bad bindings and torn edges</source>
        <translation>Resaltar vínculos malos y aristas desgarradas</translation>
    </message>
    <message>
        <source>Role of mesh %1 (row %2)</source>
        <translation>Papel de la malla %1 (fila %2)</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Cuerpo</translation>
    </message>
    <message>
        <source>Shell</source>
        <translation>Capa</translation>
    </message>
    <message>
        <source>Rider</source>
        <translation>Acompañante</translation>
    </message>
    <message>
        <source>Part of the character: the cloth stays out of it</source>
        <translation>Parte del personaje: la tela se queda fuera</translation>
    </message>
    <message>
        <source>Builds the physics mesh and is simulated</source>
        <translation>Forma la malla física y se simula</translation>
    </message>
    <message>
        <source>Follows a shell (a lining, a pocket) and keeps its side of it</source>
        <translation>Sigue a una capa (un forro, un bolsillo) y se mantiene de su lado</translation>
    </message>
    <message>
        <source>Set Layer Role</source>
        <translation>Fijar el papel de la capa</translation>
    </message>
    <message>
        <source>There is no mesh named %1.</source>
        <translation>No hay ninguna malla llamada %1.</translation>
    </message>
    <message>
        <source>%1 is part of a garment not made of character meshes: it can be a shell or a rider only.</source>
        <translation>%1 es parte de una prenda que no está hecha de mallas del personaje: solo puede ser capa o acompañante.</translation>
    </message>
    <message>
        <source>The garment needs at least one shell to build its physics mesh.</source>
        <translation>La prenda necesita al menos una capa para formar su malla física.</translation>
    </message>
    <message>
        <source>Set layer roles</source>
        <translation>Fijar los papeles de las capas</translation>
    </message>
    <message>
        <source>Layers: each mesh is the body, a shell (simulated) or a rider (follows a shell)</source>
        <translation>Capas: cada malla es el cuerpo, una capa (simulada) o un acompañante (sigue a una capa)</translation>
    </message>
    <message>
        <source>Mesh</source>
        <translation>Malla</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Papel</translation>
    </message>
    <message>
        <source>Garment layers</source>
        <translation>Capas de la prenda</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PlaybackBar</name>
    <message>
        <source>Animation clip</source>
        <translation>Clip de animación</translation>
    </message>
    <message>
        <source>Step one frame back</source>
        <translation>Retroceder un fotograma</translation>
    </message>
    <message>
        <source>Step one frame forward</source>
        <translation>Avanzar un fotograma</translation>
    </message>
    <message>
        <source>Clip time: drag to scrub</source>
        <translation>Tiempo del clip: arrastre para desplazarse</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Repetir</translation>
    </message>
    <message>
        <source>Start the clip over when it ends</source>
        <translation>Volver a empezar el clip cuando termina</translation>
    </message>
    <message>
        <source> ×</source>
        <comment>playback speed multiplier</comment>
        <translation> ×</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>Velocidad de reproducción</translation>
    </message>
    <message>
        <source>Root motion</source>
        <translation>Movimiento raíz</translation>
    </message>
    <message>
        <source>Let the character travel through the world; off keeps it walking in place</source>
        <translation>Deja que el personaje se desplace por el mundo; desactivado, camina sin moverse del sitio</translation>
    </message>
    <message>
        <source>Clip %1</source>
        <translation>Clip %1</translation>
    </message>
    <message>
        <source>(no clips: rest pose)</source>
        <translation>(sin clips: pose de reposo)</translation>
    </message>
    <message>
        <source>%1 / %2 s  %3 / %4</source>
        <comment>time / duration, frame / last frame</comment>
        <translation>%1 / %2 s  %3 / %4</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Clip time: drag to scrub. Simulation cached for frames 0 to %1 of %2 (the orange band)</source>
        <translation>Tiempo del clip: arrastre para desplazarse. Simulación en caché de los fotogramas 0 a %1 de %2 (la banda naranja)</translation>
    </message>
    <message>
        <source>Simulation cache range</source>
        <translation>Intervalo de la caché de simulación</translation>
    </message>
    <message>
        <source>Frames kept in the simulation cache</source>
        <translation>Fotogramas guardados en la caché de simulación</translation>
    </message>
    <message>
        <source>Clip</source>
        <translation>Clip</translation>
    </message>
    <message>
        <source>Step Back</source>
        <translation>Retroceder</translation>
    </message>
    <message>
        <source>Play or Pause</source>
        <translation>Reproducir o pausar</translation>
    </message>
    <message>
        <source>Start or stop playing the clip</source>
        <translation>Iniciar o detener la reproducción del clip</translation>
    </message>
    <message>
        <source>Step Forward</source>
        <translation>Avanzar</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Tiempo</translation>
    </message>
    <message>
        <source>Playback Speed</source>
        <translation>Velocidad de reproducción</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PointGizmo</name>
    <message>
        <source>Move pendulum point</source>
        <translation>Mover el punto del péndulo</translation>
    </message>
    <message>
        <source>Move look-at point</source>
        <translation>Mover el punto de mira</translation>
    </message>
    <message>
        <source>Move Look-At Point</source>
        <translation>Mover punto de mira</translation>
    </message>
    <message>
        <source>Move Pendulum Point</source>
        <translation>Mover punto del péndulo</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Preferencias</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Idioma:</translation>
    </message>
    <message>
        <source>Lengths in:</source>
        <translation>Longitudes en:</translation>
    </message>
    <message>
        <source>Viewport navigation:</source>
        <translation>Navegación de la vista:</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Tema:</translation>
    </message>
    <message>
        <source>Centimetres</source>
        <translation>Centímetros</translation>
    </message>
    <message>
        <source>Metres</source>
        <translation>Metros</translation>
    </message>
    <message>
        <source>Maya-like (Alt + mouse)</source>
        <translation>Como Maya (Alt + ratón)</translation>
    </message>
    <message>
        <source>Blender-like (middle mouse)</source>
        <translation>Como Blender (botón central)</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <source>Simulation cache:</source>
        <translation>Caché de simulación:</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Simulation cache size</source>
        <translation>Tamaño de la caché de simulación</translation>
    </message>
    <message>
        <source>Memory the simulated frames may take (0 keeps none)</source>
        <translation>Memoria que pueden ocupar los fotogramas simulados (0 no guarda ninguno)</translation>
    </message>
    <message>
        <source>Pre-roll:</source>
        <translation>Pre-roll:</translation>
    </message>
    <message>
        <source> frames</source>
        <translation> fotogramas</translation>
    </message>
    <message>
        <source>Pre-roll frames</source>
        <translation>Fotogramas de pre-roll</translation>
    </message>
    <message>
        <source>Frames the cloth settles on a clip&apos;s first pose before frame 0, so it does not pop</source>
        <translation>Fotogramas en que la tela se asienta sobre la primera pose del clip antes del fotograma 0, para que no salte</translation>
    </message>
    <message>
        <source>Grab strength:</source>
        <translation>Fuerza de agarre:</translation>
    </message>
    <message>
        <source> N/m</source>
        <translation> N/m</translation>
    </message>
    <message>
        <source>Grab spring stiffness</source>
        <translation>Rigidez del resorte de agarre</translation>
    </message>
    <message>
        <source>Stiffness of the spring the Grab tool pulls the cloth with</source>
        <translation>Rigidez del resorte con que la herramienta Agarrar tira de la tela</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Prompts</name>
    <message>
        <source>Unsaved changes</source>
        <translation>Cambios sin guardar</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation>%1 tiene cambios sin guardar. ¿Guardarlos primero?</translation>
    </message>
    <message>
        <source>Restore unsaved work</source>
        <translation>Restaurar el trabajo sin guardar</translation>
    </message>
    <message>
        <source>Tweed did not close cleanly last time. Restore the unsaved work on %1?</source>
        <translation>Tweed no se cerró correctamente la última vez. ¿Restaurar el trabajo sin guardar en %1?</translation>
    </message>
</context>
<context>
    <name>tweed::editor::PropertiesDock</name>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
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
        <translation>Intervalo: de %1 a %2%3</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Propiedades</translation>
    </message>
    <message>
        <source>Simulation settings</source>
        <translation>Ajustes de simulación</translation>
    </message>
    <message>
        <source>Fabric preset:</source>
        <translation>Tejido predefinido:</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Predeterminados</translation>
    </message>
    <message>
        <source>Reset every simulation setting to its default</source>
        <translation>Restablecer todos los ajustes de simulación a su valor predeterminado</translation>
    </message>
    <message>
        <source>%1 (edited)</source>
        <translation>%1 (modificado)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Vertices</source>
        <translation>Vértices</translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation>Triángulos</translation>
    </message>
    <message>
        <source>Submeshes</source>
        <translation>Submallas</translation>
    </message>
    <message>
        <source>Skinned</source>
        <translation>Con piel</translation>
    </message>
    <message>
        <source>Texture coordinates</source>
        <translation>Coordenadas de textura</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <source>Base colour texture</source>
        <translation>Textura de color base</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>First triangle</source>
        <translation>Primer triángulo</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Selección</translation>
    </message>
    <message>
        <source>Character mesh</source>
        <translation>Malla del personaje</translation>
    </message>
    <message>
        <source>Submesh</source>
        <translation>Submalla</translation>
    </message>
    <message>
        <source>Garment LoD</source>
        <translation>LoD de la prenda</translation>
    </message>
    <message>
        <source>Physics mesh</source>
        <translation>Malla física</translation>
    </message>
    <message>
        <source>Skin-map bindings</source>
        <translation>Enlaces del mapa de piel</translation>
    </message>
    <message>
        <source>%1 of %2 vertices</source>
        <translation>%1 de %2 vértices</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>Componentes</translation>
    </message>
    <message>
        <source>Boundary loops</source>
        <translation>Bucles de borde</translation>
    </message>
    <message>
        <source>Smallest angle</source>
        <translation>Ángulo mínimo</translation>
    </message>
    <message>
        <source>%1°</source>
        <translation>%1°</translation>
    </message>
    <message>
        <source>Skin-map failures</source>
        <translation>Fallos del mapa de piel</translation>
    </message>
    <message>
        <source>Bone</source>
        <translation>Hueso</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Padre</translation>
    </message>
    <message>
        <source>Children</source>
        <translation>Hijos</translation>
    </message>
    <message>
        <source>Rest position</source>
        <translation>Posición de reposo</translation>
    </message>
    <message>
        <source>Collision volume</source>
        <translation>Volumen de colisión</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forma</translation>
    </message>
    <message>
        <source>none (model space)</source>
        <translation>ninguno (espacio del modelo)</translation>
    </message>
    <message>
        <source>Radii</source>
        <translation>Radios</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>Radio</translation>
    </message>
    <message>
        <source>Half height</source>
        <translation>Semialtura</translation>
    </message>
    <message>
        <source>Clip</source>
        <translation>Clip</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Animated bones</source>
        <translation>Huesos animados</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>vacío</translation>
    </message>
    <message>
        <source>Asset</source>
        <translation>Recurso</translation>
    </message>
    <message>
        <source>Source character</source>
        <translation>Personaje de origen</translation>
    </message>
    <message>
        <source>Garment LoDs</source>
        <translation>LoD de la prenda</translation>
    </message>
    <message>
        <source>Collision volumes</source>
        <translation>Volúmenes de colisión</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1 (no se encuentra)</translation>
    </message>
    <message>
        <source>Half extents</source>
        <translation>Semiextensiones</translation>
    </message>
    <message>
        <source>Planes</source>
        <translation>Planos</translation>
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
        <translation>Huesos guiados por el esqueleto animado antes de la tela: un look-at gira el hueso hacia un punto de otro hueso o hacia abajo; una restricción de posición mantiene dos huesos a su distancia de reposo</translation>
    </message>
    <message>
        <source>Looks at:</source>
        <translation>Mira a:</translation>
    </message>
    <message>
        <source>Point:</source>
        <translation>Punto:</translation>
    </message>
    <message>
        <source>Look-at weight:</source>
        <translation>Peso del look-at:</translation>
    </message>
    <message>
        <source>Keeps distance to:</source>
        <translation>Mantiene la distancia a:</translation>
    </message>
    <message>
        <source>Distance weight:</source>
        <translation>Peso de la distancia:</translation>
    </message>
    <message>
        <source>Nothing, straight down, or a point on another bone</source>
        <translation>Nada, hacia abajo o un punto de otro hueso</translation>
    </message>
    <message>
        <source>Point x on the target bone</source>
        <translation>Punto x en el hueso de destino</translation>
    </message>
    <message>
        <source>Point y on the target bone</source>
        <translation>Punto y en el hueso de destino</translation>
    </message>
    <message>
        <source>Point z on the target bone</source>
        <translation>Punto z en el hueso de destino</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>Share of the turn applied: 1 aims exactly</source>
        <translation>Parte del giro aplicada: 1 apunta exactamente</translation>
    </message>
    <message>
        <source>Move Look-At Point</source>
        <translation>Mover punto de mira</translation>
    </message>
    <message>
        <source>Drag the look-at point in the viewport</source>
        <translation>Arrastra el punto de mira en la vista</translation>
    </message>
    <message>
        <source>A bone kept at its rest distance from this one</source>
        <translation>Un hueso mantenido a su distancia de reposo de este</translation>
    </message>
    <message>
        <source>Share of the distance correction applied</source>
        <translation>Parte de la corrección de distancia aplicada</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>Nada</translation>
    </message>
    <message>
        <source>Straight down</source>
        <translation>Hacia abajo</translation>
    </message>
    <message>
        <source>Remove Look-At</source>
        <translation>Quitar look-at</translation>
    </message>
    <message>
        <source>Add Look-At</source>
        <translation>Añadir look-at</translation>
    </message>
    <message>
        <source>Edit Look-At</source>
        <translation>Editar look-at</translation>
    </message>
    <message>
        <source>Remove Position Constraint</source>
        <translation>Quitar restricción de posición</translation>
    </message>
    <message>
        <source>Add Position Constraint</source>
        <translation>Añadir restricción de posición</translation>
    </message>
    <message>
        <source>Edit Position Constraint</source>
        <translation>Editar restricción de posición</translation>
    </message>
</context>
<context>
    <name>tweed::editor::SimulationController</name>
    <message>
        <source>The asset has no garment to simulate.</source>
        <translation>El recurso no tiene ninguna prenda que simular.</translation>
    </message>
    <message>
        <source>The garment cannot be simulated: %1</source>
        <translation>La prenda no se puede simular: %1</translation>
    </message>
    <message>
        <source>The simulation stopped: %1</source>
        <translation>La simulación se detuvo: %1</translation>
    </message>
    <message>
        <source>Bake Clip needs an animation clip.</source>
        <translation>Hornear clip necesita un clip de animación.</translation>
    </message>
    <message>
        <source>The simulation cache has no room: raise its size in the Preferences.</source>
        <translation>La caché de simulación no tiene espacio: aumente su tamaño en las Preferencias.</translation>
    </message>
    <message>
        <source>The clip cannot be baked: %1</source>
        <translation>El clip no se puede hornear: %1</translation>
    </message>
    <message>
        <source>Baking %1...</source>
        <translation>Horneando %1...</translation>
    </message>
    <message numerus="yes">
        <source>%n physics vertices have a backstop radius smaller than their Max Distance: they can slip past the backstop sphere sideways and pull the cloth apart. Paint a radius larger than Max Distance.</source>
        <translation>
            <numerusform>%n vértice físico tiene un radio de backstop menor que su Max Distance: puede deslizarse por el lado de la esfera de backstop y separar la tela. Pinte un radio mayor que Max Distance.</numerusform>
            <numerusform>%n vértices físicos tienen un radio de backstop menor que su Max Distance: pueden deslizarse por el lado de la esfera de backstop y separar la tela. Pinte un radio mayor que Max Distance.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tweed::editor::SimulationDock</name>
    <message>
        <source>&amp;Pause Simulation</source>
        <translation>&amp;Pausar simulación</translation>
    </message>
    <message>
        <source>&amp;Play Simulation</source>
        <translation>&amp;Reproducir simulación</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Pause the clip and the simulation</source>
        <translation>Pausar el clip y la simulación</translation>
    </message>
    <message>
        <source>Simulate the garment while the clip plays</source>
        <translation>Simular la prenda mientras se reproduce el clip</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulación</translation>
    </message>
    <message>
        <source>S&amp;imulate Garment</source>
        <translation>S&amp;imular prenda</translation>
    </message>
    <message>
        <source>S&amp;tep One Frame</source>
        <translation>Avanzar un &amp;fotograma</translation>
    </message>
    <message>
        <source>&amp;Reset Simulation</source>
        <translation>&amp;Reiniciar simulación</translation>
    </message>
    <message>
        <source>Simulate the garment</source>
        <translation>Simular la prenda</translation>
    </message>
    <message>
        <source>Show the simulated garment instead of the skinned one</source>
        <translation>Mostrar la prenda simulada en lugar de la deformada por los huesos</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Avanzar</translation>
    </message>
    <message>
        <source>Simulate one frame of the clip</source>
        <translation>Simular un fotograma del clip</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Reiniciar</translation>
    </message>
    <message>
        <source>Put the garment back on its skinned pose, at rest</source>
        <translation>Devolver la prenda a su pose deformada por los huesos, en reposo</translation>
    </message>
    <message>
        <source>World motion</source>
        <translation>Movimiento en el mundo</translation>
    </message>
    <message>
        <source>None (the clip only)</source>
        <translation>Ninguno (solo el clip)</translation>
    </message>
    <message>
        <source>Walk in a circle</source>
        <translation>Caminar en círculo</translation>
    </message>
    <message>
        <source>Jump</source>
        <translation>Saltar</translation>
    </message>
    <message>
        <source>Spin</source>
        <translation>Girar</translation>
    </message>
    <message>
        <source>Moves the character through the world on top of the clip, or on its own when the character has no clip</source>
        <translation>Mueve el personaje por el mundo además del clip, o por sí solo cuando el personaje no tiene clips</translation>
    </message>
    <message>
        <source>Show skinned positions</source>
        <translation>Mostrar posiciones deformadas por los huesos</translation>
    </message>
    <message>
        <source>A line from each simulated vertex to where skinning puts it</source>
        <translation>Una línea desde cada vértice simulado hasta donde lo coloca la deformación por huesos</translation>
    </message>
    <message>
        <source>Show velocities</source>
        <translation>Mostrar velocidades</translation>
    </message>
    <message>
        <source>Each vertex&apos;s motion over the next tenth of a second</source>
        <translation>El movimiento de cada vértice durante la próxima décima de segundo</translation>
    </message>
    <message>
        <source>Show stretch</source>
        <translation>Mostrar estiramiento</translation>
    </message>
    <message>
        <source>Edges coloured by length over rest length: blue compressed, green at rest, red stretched by 10% or more</source>
        <translation>Aristas coloreadas según longitud respecto a la de reposo: azul comprimida, verde en reposo, rojo estirada un 10 % o más</translation>
    </message>
    <message>
        <source>Wind direction</source>
        <translation>Dirección del viento</translation>
    </message>
    <message>
        <source>Compass direction the wind blows towards: 0° is +X, 90° is +Z</source>
        <translation>Dirección hacia la que sopla el viento: 0° es +X, 90° es +Z</translation>
    </message>
    <message>
        <source>Wind elevation</source>
        <translation>Elevación del viento</translation>
    </message>
    <message>
        <source>Angle of the wind above the ground plane</source>
        <translation>Ángulo del viento sobre el plano del suelo</translation>
    </message>
    <message>
        <source>Wind strength</source>
        <translation>Fuerza del viento</translation>
    </message>
    <message>
        <source> m/s</source>
        <translation> m/s</translation>
    </message>
    <message>
        <source>Wind speed in metres per second</source>
        <translation>Velocidad del viento en metros por segundo</translation>
    </message>
    <message>
        <source>Cache: needs an animation clip</source>
        <translation>Caché: necesita un clip de animación</translation>
    </message>
    <message>
        <source>Cache: %1 of %2 frames of this clip; %3 MB of %4 MB used</source>
        <translation>Caché: %1 de %2 fotogramas de este clip; %3 MB de %4 MB usados</translation>
    </message>
    <message>
        <source>Bake Clip</source>
        <translation>Hornear clip</translation>
    </message>
    <message>
        <source>Simulate the whole clip into the cache, with progress and Cancel</source>
        <translation>Simular todo el clip en la caché, con progreso y Cancelar</translation>
    </message>
    <message>
        <source>Clear Cache</source>
        <translation>Vaciar caché</translation>
    </message>
    <message>
        <source>Forget every cached frame</source>
        <translation>Olvidar todos los fotogramas en caché</translation>
    </message>
    <message>
        <source>Grab</source>
        <translation>Agarrar</translation>
    </message>
    <message>
        <source>Grab the cloth</source>
        <translation>Agarrar la tela</translation>
    </message>
    <message>
        <source>Simulation cache use</source>
        <translation>Uso de la caché de simulación</translation>
    </message>
    <message>
        <source>Inspected vertex</source>
        <translation>Vértice inspeccionado</translation>
    </message>
    <message>
        <source>Drag the simulated cloth with the left mouse button (Esc cancels); hover a vertex while paused to inspect it. Ctrl + drag grabs the cloth with any tool</source>
        <translation>Arrastre la tela simulada con el botón izquierdo del ratón (Esc cancela); pase el cursor sobre un vértice en pausa para inspeccionarlo. Ctrl + arrastrar agarra la tela con cualquier herramienta</translation>
    </message>
</context>
<context>
    <name>tweed::editor::StatisticsDock</name>
    <message>
        <source>Solver %1 ms · stretch %2 (skinned %3) · Max Distance hits %4 · contacts %5</source>
        <translation>Solucionador %1 ms · estiramiento %2 (pose de los huesos %3) · límites de Max Distance %4 · contactos %5</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Estadísticas</translation>
    </message>
    <message>
        <source>Solver time per frame (ms)</source>
        <translation>Tiempo del solucionador por fotograma (ms)</translation>
    </message>
    <message>
        <source>Largest stretch (edge length / rest length); dashed: the skinned pose&apos;s</source>
        <translation>Mayor estiramiento (longitud de arista / longitud en reposo); discontinua: el de la pose deformada por los huesos</translation>
    </message>
    <message>
        <source>Max Distance hits (vertices at their limit)</source>
        <translation>Límites de Max Distance (vértices en su límite)</translation>
    </message>
    <message>
        <source>Contacts (vertices inside a collision volume)</source>
        <translation>Contactos (vértices dentro de un volumen de colisión)</translation>
    </message>
    <message>
        <source>The last simulated frame</source>
        <translation>El último fotograma simulado</translation>
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
        <translation>Medidas de la tela</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Medida</translation>
    </message>
    <message>
        <source>This frame</source>
        <translation>Este fotograma</translation>
    </message>
    <message>
        <source>Since reset</source>
        <translation>Desde el reinicio</translation>
    </message>
    <message>
        <source>Layer poke-through</source>
        <translation>Capas atravesadas</translation>
    </message>
    <message>
        <source>Shell poke-through</source>
        <translation>Capas exteriores atravesadas</translation>
    </message>
    <message>
        <source>Body poke-through</source>
        <translation>Cuerpo atravesado</translation>
    </message>
    <message>
        <source>Max Distance hits</source>
        <translation>Vértices en Max Distance</translation>
    </message>
    <message>
        <source>Volume protrusion</source>
        <translation>Volumen sobresaliente</translation>
    </message>
    <message>
        <source>Largest stretch</source>
        <translation>Mayor estiramiento</translation>
    </message>
    <message>
        <source>Mean largest stretch</source>
        <translation>Mayor estiramiento medio</translation>
    </message>
    <message>
        <source>Rider vertices (a lining) outside their shell&apos;s simulated surface by more than 2 mm</source>
        <translation>Vértices de acompañantes (un forro) fuera de la superficie simulada de su capa por más de 2 mm</translation>
    </message>
    <message>
        <source>Vertices of an outer shell (a cape) inside an inner shell (a coat) by more than 2 mm</source>
        <translation>Vértices de una capa exterior (una capa larga) dentro de una capa interior (un abrigo) por más de 2 mm</translation>
    </message>
    <message>
        <source>Body vertices inside the garment when skinned and outside its simulated surface by more than 2 mm</source>
        <translation>Vértices del cuerpo dentro de la prenda en la pose con skinning y fuera de su superficie simulada por más de 2 mm</translation>
    </message>
    <message>
        <source>Physics vertices at their Max Distance limit</source>
        <translation>Vértices físicos en su límite de Max Distance</translation>
    </message>
    <message>
        <source>The largest distance by which a collision volume sticks out of the body</source>
        <translation>La mayor distancia a la que un volumen de colisión sobresale del cuerpo</translation>
    </message>
    <message>
        <source>The largest edge length over rest length</source>
        <translation>La mayor longitud de arista respecto a la longitud en reposo</translation>
    </message>
    <message>
        <source>The largest stretch of each frame, averaged over the frames</source>
        <translation>El mayor estiramiento de cada fotograma, promediado sobre los fotogramas</translation>
    </message>
</context>
<context>
    <name>tweed::editor::SwatchDialog</name>
    <message>
        <source>New Rope</source>
        <translation>Nueva cuerda</translation>
    </message>
    <message>
        <source>New Cloth Patch</source>
        <translation>Nueva pieza de tela</translation>
    </message>
    <message>
        <source>&amp;Thickness:</source>
        <translation>&amp;Grosor:</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Anchura:</translation>
    </message>
    <message>
        <source>&amp;Length:</source>
        <translation>&amp;Longitud:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>A&amp;ltura:</translation>
    </message>
    <message>
        <source>&amp;Segments:</source>
        <translation>&amp;Segmentos:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Resolución:</translation>
    </message>
    <message>
        <source>Held &amp;end:</source>
        <translation>&amp;Extremo sujeto:</translation>
    </message>
    <message>
        <source>Held &amp;edge:</source>
        <translation>&amp;Borde sujeto:</translation>
    </message>
    <message>
        <source>&amp;Fabric:</source>
        <translation>&amp;Tejido:</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>The rope is a strip this wide, two vertices across</source>
        <translation>La cuerda es una tira de esta anchura, de dos vértices</translation>
    </message>
    <message>
        <source>The patch&apos;s width along x</source>
        <translation>La anchura de la pieza a lo largo de x</translation>
    </message>
    <message>
        <source>The rope hangs from this height down to the ground</source>
        <translation>La cuerda cuelga desde esta altura hasta el suelo</translation>
    </message>
    <message>
        <source>The patch hangs from this height down to the ground</source>
        <translation>La pieza cuelga desde esta altura hasta el suelo</translation>
    </message>
    <message>
        <source>Segments along the rope</source>
        <translation>Segmentos a lo largo de la cuerda</translation>
    </message>
    <message>
        <source>Quads along the patch&apos;s longer side</source>
        <translation>Cuadriláteros a lo largo del lado mayor de la pieza</translation>
    </message>
    <message>
        <source>The vertices the bone holds (Max Distance 0)</source>
        <translation>Los vértices que sujeta el hueso (Max Distance 0)</translation>
    </message>
    <message>
        <source>Top end</source>
        <translation>Extremo superior</translation>
    </message>
    <message>
        <source>Top edge</source>
        <translation>Borde superior</translation>
    </message>
    <message>
        <source>Left edge</source>
        <translation>Borde izquierdo</translation>
    </message>
    <message>
        <source>Top corners</source>
        <translation>Esquinas superiores</translation>
    </message>
    <message>
        <source>None (falls freely)</source>
        <translation>Ninguno (cae libremente)</translation>
    </message>
    <message>
        <source>The fabric preset the simulation settings start from</source>
        <translation>El preajuste de tejido del que parten los ajustes de simulación</translation>
    </message>
</context>
<context>
    <name>tweed::editor::UserGuideWindow</name>
    <message>
        <source>The user guide is not installed. It is in the docs/guide folder of Tweed&apos;s source.</source>
        <translation>La guía del usuario no está instalada. Está en la carpeta docs/guide del código fuente de Tweed.</translation>
    </message>
    <message>
        <source>Tweed User Guide</source>
        <translation>Guía del usuario de Tweed</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Atrás</translation>
    </message>
    <message>
        <source>Back to the previous page of the guide</source>
        <translation>Volver a la página anterior de la guía</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Contenido</translation>
    </message>
    <message>
        <source>Contents of the guide</source>
        <translation>Contenido de la guía</translation>
    </message>
    <message>
        <source>User guide page</source>
        <translation>Página de la guía del usuario</translation>
    </message>
</context>
<context>
    <name>tweed::editor::Viewport</name>
    <message>
        <source>%1 ms/frame • skinning %2 ms (%3%) • %4</source>
        <translation>%1 ms/fotograma • skinning %2 ms (%3 %) • %4</translation>
    </message>
    <message>
        <source>skinning %1 ms • %2</source>
        <translation>skinning %1 ms • %2</translation>
    </message>
    <message>
        <source>%1, lit per vertex</source>
        <translation>%1, iluminado por vértice</translation>
    </message>
    <message>
        <source>%1, no multisampling</source>
        <translation>%1, sin multimuestreo</translation>
    </message>
    <message>
        <source>unknown renderer</source>
        <translation>renderizador desconocido</translation>
    </message>
</context>
<context>
    <name>tweed::editor::WindowLayout</name>
    <message>
        <source>Set &amp;Up</source>
        <translation>&amp;Preparar</translation>
    </message>
    <message>
        <source>&amp;Paint</source>
        <translation>P&amp;intar</translation>
    </message>
    <message>
        <source>S&amp;imulate</source>
        <translation>&amp;Simular</translation>
    </message>
    <message>
        <source>Workspace for the garment, its physics mesh and the collision volumes</source>
        <translation>Espacio de trabajo para la prenda, su malla física y los volúmenes de colisión</translation>
    </message>
    <message>
        <source>Workspace for painting the physics channels, with the paint tool on</source>
        <translation>Espacio de trabajo para pintar los canales físicos, con la herramienta de pintura activa</translation>
    </message>
    <message>
        <source>Workspace for simulating the clip, with the simulation settings and plots</source>
        <translation>Espacio de trabajo para simular el clip, con los ajustes de simulación y las gráficas</translation>
    </message>
    <message>
        <source>Set Up Workspace</source>
        <translation>Espacio de trabajo Preparar</translation>
    </message>
    <message>
        <source>Paint Workspace</source>
        <translation>Espacio de trabajo Pintar</translation>
    </message>
    <message>
        <source>Simulate Workspace</source>
        <translation>Espacio de trabajo Simular</translation>
    </message>
</context>
</TS>
