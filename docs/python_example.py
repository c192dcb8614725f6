"""Authoring a garment end to end from Python, headless: the sample's coat with its settings,
Max Distance painted from a pinned shoulder line to the hem, volumes fitted inside the torso, a
check on the walk against the measures' limits (docs/measures.md), then the asset, a cooked copy
and a point cache for a DCC tool. tweed.auto_setup does all of this in one call; these are the
steps one by one, as a pipeline tunes them.

    PYTHONPATH=build/python python3 docs/python_example.py resources/sample/tweed_sample.gltf out/
"""
import os
import sys

import tweed

STRETCH_LIMIT = 1.25  # largest edge length over rest length (docs/measures.md)

character_path, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)

character = tweed.load_character(character_path)
coat = tweed.create_asset(character, meshes=["Coat"], method="simplify", target_vertices=1500)

# Settings: four substeps of 20 iterations hold the edges on a walk (one substep stretches them
# by a third), a collision thickness of 8 mm and some damping.
coat.set(substeps=4, iterations=20, collision_thickness="8 mm", damping=0.15)

# Paint: held at the shoulder line (1.5 m), free up to 12 cm at the hips (0.6 m) and below,
# smoothed so that no edge sees a step.
coat.gradient("max_distance", "1.5 m", "0.6 m", values=(0, "12 cm"))
coat.smooth("max_distance", 2)

# Volumes: ellipsoids fitted inside the body on the torso's bones.
print("\n".join(coat.auto_fit(character, ["Spine1", "Chest"])))

walk = coat.simulate(character, "Walk", fps=30)
stretch = walk["max_stretch"]
print("walk: %d frames, largest stretch %.3f (mean over the frames %.3f), "
      "Max Distance violations %d"
      % (walk["frames"], stretch.max(), stretch.mean(), walk["max_distance_violations"].sum()))
problems = coat.validate()
if problems or walk["nonfinite"].any():
    sys.exit("the coat is not ready: %s" % (problems or "non-finite positions"))
if stretch.max() > STRETCH_LIMIT:
    sys.exit("the coat stretches %.3f on the walk, more than %.2f" % (stretch.max(), STRETCH_LIMIT))

coat.save(os.path.join(out, "coat.tweed"))
coat.cook("console").save(os.path.join(out, "coat.tweedc"))
coat.export(os.path.join(out, "walk.mdd"), "mdd", character, "Walk")
print("written to", out)
