"""Authoring a garment end to end from Python, headless: the sample's coat with a pinned
shoulder line, Max Distance falling off towards the hem, volumes on the legs, a check on the
walk, then the asset, a cooked copy and a point cache for a DCC tool.

    PYTHONPATH=build/python python3 docs/python_example.py resources/sample/tweed_sample.gltf out/
"""
import os
import sys

import tweed

character_path, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)

character = tweed.load_character(character_path)
coat = tweed.create_asset(character, meshes=["Coat"], method="simplify", target_vertices=1500)

coat.set(iterations=12, collision_thickness="8 mm", damping=0.15)
coat.gradient("max_distance", "1.45 m", "0.5 m", values=(0, "12 cm"))
coat.from_weights("max_distance", ["Neck", "LeftShoulder", "RightShoulder"], values=("12 cm", 0))
coat.smooth("max_distance", 3)
coat.fill("backstop_radius", "20 cm")
print("\n".join(coat.auto_fit(character, ["LeftUpperLeg", "RightUpperLeg", "Spine1", "Chest"])))

walk = coat.simulate(character, "Walk", fps=30)
print("walk: %d frames, largest stretch %.3f, Max Distance violations %d"
      % (walk["frames"], walk["max_stretch"].max(), walk["max_distance_violations"].sum()))
problems = coat.validate()
if problems or walk["nonfinite"].any():
    sys.exit("the coat is not ready: %s" % (problems or "non-finite positions"))

coat.save(os.path.join(out, "coat.tweed"))
coat.cook("console").save(os.path.join(out, "coat.tweedc"))
coat.export(os.path.join(out, "walk.mdd"), "mdd", character, "Walk")
print("written to", out)
