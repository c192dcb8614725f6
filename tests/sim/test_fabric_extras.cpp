// The fabric hacks, on meshes made in code: a line painted with bend scale 0 lets a sheet fold
// there while the rest stays flat; in the mass-spring model, angle springs bring a folded hinge
// back to its rest angle, non-linear springs stiffen with strain to the known equilibrium, and
// a box collider leaves no vertex inside it.
#include "sim_test_meshes.h"

#include "../../core/src/sim/dihedral_bending.h" // internal: the hinge angle

#include "tweed/sim/cloth_instance.h"
#include "tweed/sim/mass_spring.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <cmath>

using namespace tweed;
using namespace tweed::test;

namespace {

constexpr float kDegree = kPi / 180.0f;

// A horizontal sheet of nx x ny vertices `spacing` apart: x = column, z = row, y = 0; the first
// two columns are held (Max Distance 0), so the rest sticks out from them like a shelf.
PhysicsMesh shelf(int nx, int ny, float spacing)
{
    PhysicsMesh m = makeGrid(nx, ny, spacing, false);
    for (size_t v = 0; v < m.positions.size(); ++v) {
        const Vec3 p = m.positions[v];
        m.positions[v] = {p.x, 0.0f, -p.y};
        m.channels[FloatChannel::MaxDistance][v] = v % size_t(nx) < 2 ? 0.0f : 100.0f;
    }
    m.normals.assign(m.positions.size(), Vec3{0, 1, 0});
    return m;
}

// The mean turn (radians) of the sheet at column `c`: between the segments from column c - 1 to
// c and from c to c + 1, over the rows.
float turnAtColumn(const std::vector<Vec3> &p, int nx, int ny, int c)
{
    float sum = 0;
    for (int r = 0; r < ny; ++r) {
        const Vec3 a = p[size_t(r * nx + c - 1)], b = p[size_t(r * nx + c)],
                   d = p[size_t(r * nx + c + 1)];
        const float cosine = dot(normalize(b - a), normalize(d - b));
        sum += std::acos(std::clamp(cosine, -1.0f, 1.0f));
    }
    return sum / float(ny);
}

// The hinge of test_solver_options: triangles (a, b, c) and (b, a, d) about the edge a -> b;
// d turned `angle` radians about the edge out of the first triangle's plane.
std::vector<Vec3> hingePositions(float angle)
{
    return {{0, 0, 0},
            {0.2f, 0, 0},
            {0.1f, 0.15f, 0},
            {0.1f, -0.15f * std::cos(angle), -0.15f * std::sin(angle)}};
}

// How far inside an axis-aligned box at the origin with half extents `half` a point is (> 0:
// inside).
float depthInBox(const Vec3 &p, const Vec3 &half)
{
    return std::min({half.x - std::abs(p.x), half.y - std::abs(p.y), half.z - std::abs(p.z)});
}

} // namespace

class TestFabricExtras : public QObject
{
    Q_OBJECT

private slots:
    void bendScaleGoesToTheConstraintsAcrossPaintedHinges()
    {
        // The bend pairs whose hinge edge lies on a line painted 0 get scale 0, the others
        // (and every stretch and shear constraint) keep 1; stiffness_scale scales stretch.
        constexpr int nx = 8, ny = 6, crease = 4;
        PhysicsMesh mesh = shelf(nx, ny, 0.03f);
        for (int r = 0; r < ny; ++r) {
            mesh.channels[FloatChannel::BendScale][size_t(r * nx + crease)] = 0.0f;
            mesh.channels[FloatChannel::StiffnessScale][size_t(r * nx + crease)] = 0.5f;
        }
        const auto data = buildClothData(mesh);
        const ClothData &d = *data;
        const auto column = [&](uint32_t v) { return int(v % uint32_t(nx)); };
        // Each pair of vertices opposite each other across an edge: that edge (the hinge).
        std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> opposite;
        for (size_t t = 0; t < mesh.indices.size(); t += 3)
            for (size_t e = 0; e < 3; ++e)
                opposite[std::minmax(mesh.indices[t + e], mesh.indices[t + (e + 1) % 3])]
                    .push_back(mesh.indices[t + (e + 2) % 3]);
        std::map<std::pair<uint32_t, uint32_t>, std::pair<uint32_t, uint32_t>> hinges;
        for (const auto &[edge, across] : opposite)
            if (across.size() == 2)
                hinges[std::minmax(across[0], across[1])] = edge;
        int zero = 0, bend = 0;
        for (size_t k = 0; k < d.constraintA.size(); ++k) {
            const uint32_t a = d.constraintA[k], b = d.constraintB[k];
            switch (d.constraintKind[k]) {
            case ClothData::kBend: {
                ++bend;
                const auto hinge = hinges.find(std::minmax(a, b));
                QVERIFY(hinge != hinges.end());
                const std::vector<float> &painted = mesh.channels[FloatChannel::BendScale];
                const float expected =
                    0.5f * (painted[hinge->second.first] + painted[hinge->second.second]);
                QCOMPARE(d.stiffnessScale[k], expected);
                zero += expected == 0.0f ? 1 : 0;
                break;
            }
            case ClothData::kStretch:
            case ClothData::kShear: {
                const int onLine = (column(a) == crease) + (column(b) == crease);
                QCOMPARE(d.stiffnessScale[k], onLine == 2 ? 0.5f : onLine == 1 ? 0.75f : 1.0f);
                break;
            }
            default:
                break;
            }
        }
        QCOMPARE(zero, ny - 1); // one pair per hinge edge along the crease
        QVERIFY(bend > 3 * zero);
    }

    void bendScaleZeroAlongALineFolds()
    {
        // Distance pairs resist a fold only to second order (a flat shelf droops under its own
        // weight whatever their stiffness), so the fold is shown with the dihedral bending.
        const int bending = int(BendingModel::Dihedral);
        constexpr int nx = 12, ny = 5, crease = 6;
        const auto settle = [&](bool painted) {
            PhysicsMesh mesh = shelf(nx, ny, 0.03f);
            if (painted)
                for (int r = 0; r < ny; ++r)
                    mesh.channels[FloatChannel::BendScale][size_t(r * nx + crease)] = 0.0f;
            SimulationSettings s;
            s.bendingModel = bending;
            s.bendStiffness = 1.0f;
            s.bendCompliance = 1e-6f;
            s.gravityScale = 0.05f;
            s.damping = 0.3f;
            ClothInstance cloth(buildClothData(mesh), s);
            cloth.reset(frameAt(0));
            for (int f = 0; f < 240; ++f)
                cloth.update(frameAt(1.0f / 60));
            return cloth.positions();
        };
        const std::vector<Vec3> stiff = settle(false), creased = settle(true);
        QVERIFY(allFinite(stiff) && allFinite(creased));

        // Unpainted, the whole shelf stays nearly flat under its light weight.
        for (int c = 2; c + 1 < nx; ++c)
            QVERIFY2(turnAtColumn(stiff, nx, ny, c) < 5.0f * kDegree,
                     qPrintable(QString("column %1 turns %2 degrees")
                                    .arg(c)
                                    .arg(double(turnAtColumn(stiff, nx, ny, c) / kDegree))));
        // Painted 0 along the crease column, the outer part hangs from the crease, which turns
        // most, while the columns on either side stay flat.
        const float fold = turnAtColumn(creased, nx, ny, crease);
        QVERIFY2(fold > 45.0f * kDegree, qPrintable(QString::number(double(fold / kDegree))));
        for (int c = 2; c + 1 < nx; ++c)
            if (c != crease)
                QVERIFY2(turnAtColumn(creased, nx, ny, c) < 0.25f * fold,
                         qPrintable(QString("column %1 turns %2 degrees, the crease %3")
                                        .arg(c)
                                        .arg(double(turnAtColumn(creased, nx, ny, c) / kDegree))
                                        .arg(double(fold / kDegree))));
        // The outer edge hangs well below the unpainted one.
        QVERIFY(creased[nx - 1].y < stiff[nx - 1].y - 0.05f);
    }

    void massSpringAngleSpringsAreTheEnergyGradient()
    {
        // The force of an angle spring is minus the gradient of k (angle - rest)^2 / 2: checked
        // against central differences on a hinge folded 40 degrees past its rest.
        MassSpringSystem sys;
        sys.positions = hingePositions(100.0f * kDegree);
        sys.inverseMass.assign(4, 1.0f);
        sys.velocities.assign(4, Vec3{});
        sys.gravity = {};
        const float k = 0.7f, rest = 60.0f * kDegree;
        sys.hinges = {{0, 1, 2, 3, rest, k}};
        std::vector<Vec3> force;
        massSpringAccelerations(sys, sys.positions, sys.velocities, 1.0f, force);
        const auto energy = [&](const std::vector<Vec3> &x) {
            const double e = double(sim::dihedralAngle(x[0], x[1], x[2], x[3]) - rest);
            return 0.5 * double(k) * e * e;
        };
        const float eps = 1e-3f;
        for (size_t v = 0; v < 4; ++v)
            for (int axis = 0; axis < 3; ++axis) {
                std::vector<Vec3> plus = sys.positions, minus = sys.positions;
                (&plus[v].x)[axis] += eps;
                (&minus[v].x)[axis] -= eps;
                const double expected = -(energy(plus) - energy(minus)) / (2.0 * double(eps));
                const double got = double((&force[v].x)[axis]);
                QVERIFY2(std::abs(got - expected) < 0.02 * std::abs(expected) + 1e-3,
                         qPrintable(QString("vertex %1 axis %2: %3, expected %4")
                                        .arg(v)
                                        .arg(axis)
                                        .arg(got)
                                        .arg(expected)));
            }
    }

    void massSpringAngleBendingRestoresAFoldedHinge()
    {
        // The mass-spring model with the dihedral bending setting: a hinge folded 90 degrees
        // past its rest of 60 comes back to 60 without gravity; with distance bend springs only
        // (none cross this hinge's quad) nothing restores it.
        const auto unfold = [](int bending) {
            PhysicsMesh mesh;
            mesh.positions = hingePositions(60.0f * kDegree);
            mesh.indices = {0, 1, 2, 1, 0, 3};
            mesh.channels.resize(4);
            for (uint32_t v = 0; v < 4; ++v)
                mesh.channels[FloatChannel::MaxDistance][v] = v == 3 ? 1.0f : 0.0f;
            mesh.normals.assign(4, Vec3{0, 0, 1});
            SimulationSettings s;
            s.model = int(SolverModel::MassSpring);
            s.bendingModel = bending;
            s.bendSpring = 200.0f;
            s.shearSpring = 0.0f;
            s.gravityScale = 0.0f;
            s.damping = 0.9f;
            const auto data = buildClothData(mesh);
            ClothInstance cloth(data, s);
            cloth.reset(frameAt(0));
            // Fold it: the free vertex placed at 150 degrees, at rest.
            const Vec3 folded = hingePositions(150.0f * kDegree)[3];
            std::vector<Vec3> start = cloth.positions();
            start[3] = folded;
            cloth.setState(start, std::vector<Vec3>(4, Vec3{}));
            for (int f = 0; f < 300; ++f)
                cloth.update(frameAt(1.0f / 60));
            const std::vector<Vec3> &p = cloth.positions();
            return sim::dihedralAngle(p[0], p[1], p[2], p[3]);
        };
        const float restored = unfold(int(BendingModel::Dihedral));
        QVERIFY2(std::abs(restored - 60.0f * kDegree) < 0.05f * kDegree,
                 qPrintable(QString::number(double(restored / kDegree))));
        const float left = unfold(int(BendingModel::Distance));
        QVERIFY2(std::abs(left - 150.0f * kDegree) < 1.0f * kDegree,
                 qPrintable(QString::number(double(left / kDegree))));
    }

    void nonLinearSpringsReachTheirEquilibrium()
    {
        // A mass m on a spring of stiffness k and rest length L hangs still where
        // k x (1 + g x / L) = m g0: x = L (sqrt(1 + 4 g m g0 / (k L)) - 1) / (2 g).
        const float k = 50.0f, L = 0.1f, m = 0.2f, g0 = 9.81f;
        for (const float g : {0.0f, 5.0f, 40.0f}) {
            MassSpringSystem sys;
            sys.positions = {{0, 0, 0}, {0, -L, 0}};
            sys.velocities.assign(2, Vec3{});
            sys.inverseMass = {0.0f, 1.0f / m};
            sys.gravity = {0, -g0, 0};
            sys.damping = 0.95f;
            sys.stiffening = g;
            sys.springs = {{0, 1, L, k, 0.5f, true}};
            for (int f = 0; f < 600; ++f)
                stepMassSpring(sys, 1.0f / 60);
            const double expected =
                g == 0 ? double(m * g0 / k)
                       : double(L) * (std::sqrt(1.0 + 4.0 * double(g * m * g0 / (k * L))) - 1.0) /
                             (2.0 * double(g));
            const double got = double(-sys.positions[1].y - L);
            QVERIFY2(std::abs(got - expected) < 0.002 * expected,
                     qPrintable(QString("stiffening %1: %2 m, expected %3 m")
                                    .arg(double(g))
                                    .arg(got)
                                    .arg(expected)));
        }
        // Through the setting: a hanging sheet stretches less with stiffening springs (its bottom
        // row drops less below its rest height).
        const auto hang = [](float stiffening) {
            SimulationSettings s;
            s.model = int(SolverModel::MassSpring);
            s.structuralSpring = 1.0f;
            s.shearSpring = 0.5f;
            s.bendSpring = 0.1f;
            s.provotLimit = 0.0f;
            s.stretchLimit = 2.0f; // tethers hold nothing the springs do not
            s.springStiffening = stiffening;
            s.damping = 0.8f;
            ClothInstance cloth(buildClothData(makeGrid(6, 8, 0.04f)), s);
            cloth.reset(frameAt(0));
            for (int f = 0; f < 240; ++f)
                cloth.update(frameAt(1.0f / 60));
            return -cloth.positions().back().y - 7 * 0.04f; // the bottom row's drop
        };
        const float linear = hang(0.0f), stiffening = hang(20.0f);
        QVERIFY(std::isfinite(linear) && std::isfinite(stiffening));
        QVERIFY2(linear > 0.01f && stiffening > 0 && stiffening < 0.7f * linear,
                 qPrintable(QString("%1 against %2").arg(double(stiffening)).arg(double(linear))));
    }

    void massSpringBoxColliderLeavesNoVertexInside()
    {
        // A free sheet falls onto a box in the mass-spring model and drapes over it: no vertex
        // ends up inside, and the middle rests on the top face.
        PhysicsMesh mesh = makeGrid(12, 12, 0.03f, false);
        for (Vec3 &p : mesh.positions)
            p = {p.x - 0.165f, 0.2f, p.y + 0.165f};
        mesh.normals.assign(mesh.positions.size(), Vec3{0, 1, 0});
        CollisionVolume box;
        box.shape = CollisionShape::Box;
        box.radii = {0.1f, 0.1f, 0.1f};
        SimulationSettings s;
        s.model = int(SolverModel::MassSpring);
        s.friction = 0.8f;
        ClothInstance cloth(buildClothData(mesh), s);
        cloth.setCollisionVolumes({box});
        cloth.reset(frameAt(0));
        float deepest = -1.0f;
        for (int f = 0; f < 120; ++f) {
            cloth.update(frameAt(1.0f / 60));
            for (const Vec3 &p : cloth.positions())
                deepest = std::max(deepest, depthInBox(p, box.radii));
        }
        QVERIFY2(deepest <= 1e-4f, qPrintable(QString::number(double(deepest))));
        const std::vector<Vec3> &p = cloth.positions();
        const Vec3 middle = p[size_t(6 * 12 + 6)];
        QVERIFY2(std::abs(middle.y - 0.1f) < 0.01f, qPrintable(QString::number(double(middle.y))));
        // Past the box's sides the sheet hangs down.
        QVERIFY(p[0].y < 0.05f);
    }
};

QTEST_GUILESS_MAIN(TestFabricExtras)
#include "test_fabric_extras.moc"
