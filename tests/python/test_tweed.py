"""The Python module on the sample: authoring end to end, exact array round trips, and the
errors a script gets for bad input (tweed.Error, tweed.FileError, with tweed-cli's messages)."""
import os

import numpy as np
import pytest

import tweed

SAMPLE = os.environ["TWEED_SAMPLE_CHARACTER"]


@pytest.fixture(scope="module")
def character():
    return tweed.load_character(SAMPLE)


@pytest.fixture()
def asset(character):
    return tweed.create_asset(character, meshes=["Coat"], pin_top=0.3)


def test_version():
    assert tweed.__version__.count(".") == 2


def test_character(character):
    assert character.mesh_names == ["Body", "Coat", "CoatLining"]
    assert {"Walk", "Jump", "Idle"} <= set(character.clip_names)
    assert "Hips" in character.bone_names


def test_author_end_to_end(character, asset, tmp_path):
    asset.set(iterations=12, collision_thickness="8 mm", damping=0.15)
    assert asset.setting("iterations") == 12
    assert asset.setting("collision_thickness") == pytest.approx(0.008)
    assert asset.setting_unit("collision_thickness") == "m"

    asset.gradient("max_distance", "1.45 m", 0.5, values=(0, "12 cm"))
    asset.from_weights("max_distance", ["Neck", "LeftShoulder", "RightShoulder"], values=("12 cm", 0))
    asset.smooth("max_distance", 3)
    md = asset.channel("max_distance")
    assert md.dtype == np.float32 and md.shape == (asset.vertex_count(),)
    assert md.min() >= 0 and md.max() <= 0.12 + 1e-6

    report = asset.auto_fit(character, ["LeftUpperLeg", "RightUpperLeg", "Spine"])
    assert "protrusion" in report[1]
    bones = {v["bone"] for v in asset.volumes}
    assert bones and bones <= {"LeftUpperLeg", "RightUpperLeg", "Spine"}
    count = len(asset.volumes)
    asset.auto_fit(character, ["LeftUpperLeg", "RightUpperLeg", "Spine"])  # replaces, not adds
    assert len(asset.volumes) == count

    # One second of the walk: the cloth keeps to its Max Distance and stays finite.
    result = asset.simulate(character, "Walk", frames=30, fps=30)
    assert result["frames"] == 30
    assert result["max_distance_violations"].sum() == 0
    assert result["nonfinite"].sum() == 0
    assert result["positions"].shape == (asset.physics_vertex_count(), 3)
    assert np.isfinite(result["max_stretch"]).all()

    path = str(tmp_path / "coat.tweed")
    asset.save(path)
    assert asset.path == path
    loaded = tweed.load_asset(path)
    assert loaded.validate() == []
    assert np.array_equal(loaded.channel("max_distance"), asset.channel("max_distance"))

    frames, vertices = asset.export(str(tmp_path / "walk.pc2"), "pc2", character, "Walk", frames=5)
    assert (frames, vertices) == (5, asset.vertex_count())
    assert os.path.getsize(tmp_path / "walk.pc2") == 32 + 5 * vertices * 12
    cooked = asset.cook("console")
    cooked.save(str(tmp_path / "coat.tweedc"))
    tweed.convert(str(tmp_path / "coat.tweedc"), str(tmp_path / "back.tweed"))
    assert tweed.load_asset(str(tmp_path / "back.tweed")).validate() == []


def test_arrays_round_trip_exactly(asset):
    rng = np.random.default_rng(3)
    n = asset.vertex_count()
    values = rng.uniform(0, 0.2, n).astype(np.float32)
    asset.set_channel("backstop_radius", values)
    assert np.array_equal(asset.channel("backstop_radius"), values)
    mask = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    asset.set_channel("latch_master", mask)
    back = asset.channel("latch_master")
    assert back.dtype == np.uint32 and np.array_equal(back, mask)
    # float64 input is taken as float32, as the asset stores it.
    asset.set_channel("wind_scale", values.astype(np.float64))
    assert np.array_equal(asset.channel("wind_scale"), values)


def test_bend_scale_apart_from_stiffness(asset, tmp_path):
    # Bend Scale is its own channel: painted 0 it leaves the stretch scale alone, and both
    # survive a save in either format.
    n = asset.vertex_count()
    assert np.array_equal(asset.channel("bend_scale"), np.ones(n, dtype=np.float32))
    asset.fill("bend_scale", 0)
    asset.fill("stiffness_scale", 0.5)
    assert np.array_equal(asset.channel("bend_scale"), np.zeros(n, dtype=np.float32))
    assert np.array_equal(asset.channel("stiffness_scale"), np.full(n, 0.5, dtype=np.float32))
    for name in ("bend.tweed", "bend.tweedc"):
        asset.save(str(tmp_path / name))
        back = tweed.load_asset(str(tmp_path / name))
        assert np.array_equal(back.channel("bend_scale"), asset.channel("bend_scale"))
        assert np.array_equal(back.channel("stiffness_scale"), asset.channel("stiffness_scale"))


def test_errors(character, asset):
    with pytest.raises(tweed.FileError, match="missing.gltf"):
        tweed.load_character("/nonexistent/missing.gltf")
    with pytest.raises(tweed.FileError, match="missing.tweed"):
        tweed.load_asset("/nonexistent/missing.tweed")
    with pytest.raises(tweed.Error, match="no setting 'dampin'"):
        asset.set(dampin=0.2)
    with pytest.raises(tweed.Error, match="outside its range"):
        asset.set(damping=2.0)
    assert asset.setting("damping") != 2.0
    with pytest.raises(tweed.Error, match="unit 'kg'"):
        asset.set(collision_thickness="5 kg")
    with pytest.raises(tweed.Error, match="3 values for LoD 0"):
        asset.set_channel("max_distance", np.zeros(3, dtype=np.float32))
    with pytest.raises(tweed.Error, match="not one it takes"):
        asset.set_channel("max_distance", np.full(asset.vertex_count(), -1.0, dtype=np.float32))
    with pytest.raises(tweed.Error, match="no channel 'maxdist'"):
        asset.channel("maxdist")
    with pytest.raises(tweed.Error, match="no bone 'Tail'"):
        asset.from_weights("max_distance", ["Tail"], values=(0, 1))
    with pytest.raises(tweed.Error, match="no clip 'Run'"):
        asset.simulate(character, "Run", frames=2)
    # Errors are tweed.Error, FileError among them.
    assert issubclass(tweed.FileError, tweed.Error)


def test_example_script(tmp_path):
    """docs/python_example.py runs as documented and writes what it says."""
    import subprocess
    import sys

    script = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python_example.py")
    done = subprocess.run([sys.executable, script, SAMPLE, str(tmp_path)], capture_output=True,
                          text=True, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert "Max Distance violations 0" in done.stdout
    for name in ("coat.tweed", "coat.tweedc", "walk.mdd"):
        assert (tmp_path / name).stat().st_size > 0
    coat = tweed.load_asset(str(tmp_path / "coat.tweed"))
    assert coat.validate() == []
    # The coat it wrote is good cloth on the walk: no edge stretched beyond the measures' limit
    # (docs/measures.md), none of its Max Distance exceeded, held at the shoulders (within a
    # millimetre once smoothed).
    walk = coat.simulate(tweed.load_character(SAMPLE), "Walk", fps=30)
    assert walk["nonfinite"].sum() == 0
    assert walk["max_distance_violations"].sum() == 0
    assert walk["max_stretch"].max() <= 1.25, walk["max_stretch"]
    assert coat.channel("max_distance").min() < 1e-3


def test_auto_setup():
    """Auto Setup from Python, on a small character the project was not made on: the same
    meshproc function as `tweed-cli create --auto`, with its report."""
    models = os.environ.get("TWEED_TESTMODELS_DIR", "/usr/share/assimp/models")
    path = os.path.join(models, "glTF2", "simple_skin", "simple_skin.gltf")
    if not os.path.exists(path):
        pytest.skip("assimp-testmodels is not installed")
    character = tweed.load_character(path)
    asset, report = tweed.auto_setup(character)
    assert report["shells"] and report["physics_vertices"] == asset.physics_vertex_count()
    assert report["pinned_vertices"] > 0
    assert report["clips"] and {c["clip"] for c in report["clips"]} <= set(character.clip_names)
    for clip in report["clips"]:
        assert clip["layer_poke_through"] == 0
        assert np.isfinite(clip["max_stretch"])
    # Pinned where the garment is held, free elsewhere; the asset is valid and simulates.
    md = asset.channel("max_distance")
    assert md.min() == 0 and md.max() > 0
    assert asset.validate() == []
    result = asset.simulate(character, character.clip_names[0], frames=10, fps=30)
    assert result["nonfinite"].sum() == 0
    with pytest.raises(tweed.Error, match="Nope"):
        tweed.auto_setup(character, meshes=["Nope"])


def test_rig_and_pendulum(asset, tmp_path):
    asset.look_at("Neck", "LeftUpperArm", point=(0, 0.06, 0))
    asset.look_at("Spine1", weight=0.5)
    asset.keep_distance("LeftShoulder", "RightShoulder")
    asset.set_pendulum("Head", length=0.3, max_angle_degrees=40)
    assert asset.rig[0] == "look_at Neck -> LeftUpperArm at [0, 0.06, 0]"
    assert asset.rig[1] == "look_at Spine1 -> down, weight 0.5"
    assert asset.rig[2].startswith("position LeftShoulder <-> RightShoulder (")
    assert asset.rig[3] == "pendulum Head: 0.3 m, damping 0.1, gravity 1, cone 40 degrees"
    path = str(tmp_path / "rig.tweedc")
    asset.save(path)
    assert tweed.load_asset(path).rig == asset.rig
    with pytest.raises(tweed.Error, match="is below bone"):
        asset.look_at("LeftShoulder", "LeftUpperArm")
    with pytest.raises(tweed.Error, match="maximum angle is 270 degrees"):
        asset.set_pendulum("Head", max_angle_degrees=270)
    asset.remove_look_at("Neck")
    asset.remove_distance("RightShoulder", "LeftShoulder")
    asset.remove_pendulum("Head")
    assert asset.rig == ["look_at Spine1 -> down, weight 0.5"]
    with pytest.raises(tweed.Error, match="no pendulum on Head"):
        asset.remove_pendulum("Head")
