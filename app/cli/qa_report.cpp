#include "qa_report.h"

#include "tweed/file_io.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace tweed::cli {
namespace {

std::string escape(const std::string &text)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string number(double value, const char *format = "%.4g")
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

struct Series
{
    const char *key;
    const char *title;
    std::function<double(const FrameMeasures &)> value;
};

const std::vector<Series> &plottedSeries()
{
    static const std::vector<Series> series = {
        {"layer_poke_through", "Rider vertices through their shell (share)",
         [](const FrameMeasures &f) { return f.layerPokeThrough(); }},
        {"shell_poke_through", "Outer-shell vertices inside an inner shell (share)",
         [](const FrameMeasures &f) { return f.shellPokeThrough(); }},
        {"body_poke_through", "Body vertices through the garment (share)",
         [](const FrameMeasures &f) { return f.bodyPokeThrough(); }},
        {"max_distance_hit_share", "Physics vertices at their Max Distance (share)",
         [](const FrameMeasures &f) { return f.maxDistanceHitShare(); }},
        {"max_stretch", "Largest edge stretch",
         [](const FrameMeasures &f) { return double(f.maxStretch); }},
        {"skinned_max_stretch", "Largest edge stretch of the skinned pose",
         [](const FrameMeasures &f) { return double(f.skinnedMaxStretch); }},
        {"volume_protrusion_m", "Collision volumes outside the body (m)",
         [](const FrameMeasures &f) { return double(f.volumeProtrusion); }},
        {"penetrations", "Vertices inside a collision volume",
         [](const FrameMeasures &f) { return double(f.penetrations); }},
    };
    return series;
}

// One measure over the frames as a line, its threshold dashed.
std::string plot(const Series &series, const std::vector<FrameMeasures> &frames, const Json &limit,
                 int worst)
{
    constexpr double kWidth = 360, kHeight = 110, kLeft = 46, kBottom = 16;
    double top = 0;
    for (const FrameMeasures &f : frames)
        top = std::max(top, series.value(f));
    if (limit.is_number()) top = std::max(top, limit.get<double>());
    top = top > 0 ? top * 1.1 : 1.0;
    const double w = kWidth - kLeft - 4, h = kHeight - kBottom - 6;
    auto x = [&](size_t i) {
        return kLeft + (frames.size() > 1 ? w * double(i) / double(frames.size() - 1) : w / 2);
    };
    auto y = [&](double v) { return 6 + h * (1.0 - std::clamp(v / top, 0.0, 1.0)); };
    std::string svg = "<svg xmlns='http://www.w3.org/2000/svg' width='" + number(kWidth) +
                      "' height='" + number(kHeight) + "' class='plot'>";
    svg += "<rect x='" + number(kLeft) + "' y='6' width='" + number(w) + "' height='" + number(h) +
           "' fill='#fafafa' stroke='#bbb'/>";
    svg += "<text x='" + number(kLeft - 4) + "' y='12' text-anchor='end'>" + number(top, "%.3g") +
           "</text><text x='" + number(kLeft - 4) + "' y='" + number(6 + h) +
           "' text-anchor='end'>0</text>";
    svg += "<text x='" + number(kLeft) + "' y='" + number(kHeight - 3) + "'>frame 1</text>";
    svg += "<text x='" + number(kLeft + w) + "' y='" + number(kHeight - 3) +
           "' text-anchor='end'>" + std::to_string(frames.size()) + "</text>";
    if (worst >= 0)
        svg += "<line x1='" + number(x(size_t(worst))) + "' x2='" + number(x(size_t(worst))) +
               "' y1='6' y2='" + number(6 + h) + "' stroke='#999' stroke-dasharray='2,2'/>";
    if (limit.is_number())
        svg += "<line x1='" + number(kLeft) + "' x2='" + number(kLeft + w) + "' y1='" +
               number(y(limit.get<double>())) + "' y2='" + number(y(limit.get<double>())) +
               "' stroke='#c33' stroke-dasharray='5,3'/>";
    svg += "<polyline fill='none' stroke='#2a5d9f' stroke-width='1.5' points='";
    for (size_t i = 0; i < frames.size(); ++i)
        svg += number(x(i), "%.1f") + "," + number(y(series.value(frames[i])), "%.1f") + " ";
    svg += "'/></svg>";
    return svg;
}

// The meshes seen from the front (+z towards the viewer, y up): back faces culled, the rest
// drawn far to near, flat-shaded.
std::string picture(const std::vector<QaMesh> &meshes)
{
    constexpr double kWidth = 260, kHeight = 340;
    Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    for (const QaMesh &m : meshes)
        for (const Vec3 &p : m.positions)
            if (isFinite(p)) {
                lo = minComponents(lo, p);
                hi = maxComponents(hi, p);
            }
    if (!(hi.x >= lo.x)) return "<p>(no finite vertex to draw)</p>";
    const double scale = std::min((kWidth - 10) / std::max(1e-6f, hi.x - lo.x),
                                  (kHeight - 10) / std::max(1e-6f, hi.y - lo.y));
    const double cx = 0.5 * (lo.x + hi.x), cy = 0.5 * (lo.y + hi.y);
    struct Face
    {
        float depth;
        std::string points;
        int r, g, b;
    };
    std::vector<Face> faces;
    const Vec3 light = normalize(Vec3{0.3f, 0.5f, 1.0f});
    for (const QaMesh &m : meshes)
        for (size_t t = 0; t + 2 < m.indices.size(); t += 3) {
            const Vec3 &a = m.positions[m.indices[t]], &b = m.positions[m.indices[t + 1]],
                       &c = m.positions[m.indices[t + 2]];
            if (!isFinite(a) || !isFinite(b) || !isFinite(c)) continue;
            const Vec3 n = normalize(cross(b - a, c - a));
            if (n.z <= 0) continue;
            const double shade = 0.35 + 0.65 * std::max(0.0f, dot(n, light));
            Face f;
            f.depth = (a.z + b.z + c.z) / 3;
            for (const Vec3 *p : {&a, &b, &c})
                f.points += number(kWidth / 2 + (p->x - cx) * scale, "%.1f") + "," +
                            number(kHeight / 2 - (p->y - cy) * scale, "%.1f") + " ";
            const int base[2][3] = {{205, 180, 160}, {125, 100, 72}};
            const int *rgb = base[m.garment ? 1 : 0];
            f.r = int(rgb[0] * shade);
            f.g = int(rgb[1] * shade);
            f.b = int(rgb[2] * shade);
            faces.push_back(std::move(f));
        }
    std::sort(faces.begin(), faces.end(),
              [](const Face &a, const Face &b) { return a.depth < b.depth; });
    std::string svg = "<svg xmlns='http://www.w3.org/2000/svg' width='" + number(kWidth) +
                      "' height='" + number(kHeight) + "' class='picture' stroke-width='0.5'>";
    for (const Face &f : faces) {
        // Stroked in its own colour, so no background shows through the seams.
        const std::string rgb = "rgb(" + std::to_string(f.r) + "," + std::to_string(f.g) + "," +
                                std::to_string(f.b) + ")";
        svg += "<polygon points='" + f.points + "' fill='" + rgb + "' stroke='" + rgb + "'/>";
    }
    svg += "</svg>";
    return svg;
}

} // namespace

void writeQaReport(const std::string &path, const std::string &assetPath, bool pass,
                   const Json &thresholds, const std::vector<QaClipReport> &clips)
{
    std::string html =
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>Tweed QA: " + escape(assetPath) +
        "</title><style>"
        "body{font-family:sans-serif;margin:20px;color:#222}"
        "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right;"
        "border-bottom:1px solid #ddd}th:first-child,td:first-child{text-align:left}"
        ".fail{color:#b00;font-weight:bold}.pass{color:#070;font-weight:bold}"
        ".plots{display:flex;flex-wrap:wrap;gap:8px}.plots figure{margin:0}"
        "figcaption{font-size:12px}svg text{font-size:10px;fill:#555}"
        ".clip{display:flex;gap:16px;align-items:flex-start}</style></head><body>\n";
    html += "<h1>Tweed QA: " + escape(assetPath) + " <span class='" +
            std::string(pass ? "pass'>pass" : "fail'>FAIL") + "</span></h1>\n";
    html += "<p>Thresholds (docs/measures.md): ";
    for (const auto &[key, limit] : thresholds.items())
        html +=
            escape(key) + " " + (limit.is_number() ? number(limit.get<double>()) : "none") + "; ";
    html += "</p>\n";
    for (const QaClipReport &clip : clips) {
        html += "<h2>LoD " + std::to_string(clip.lod) + ", clip " + escape(clip.clip) + ": " +
                std::to_string(clip.measures.frames) + " frames <span class='" +
                std::string(clip.failed.empty() ? "pass'>pass" : "fail'>FAIL") + "</span></h2>\n";
        html +=
            "<div "
            "class='clip'><div><table><tr><th>Measure</th><th>Value</th><th>Threshold</th></tr>";
        for (const auto &[key, value] : clip.values.items()) {
            if (!value.is_number() || key == "lod" || key == "frames") continue;
            const bool failed =
                std::find(clip.failed.begin(), clip.failed.end(), key) != clip.failed.end();
            const Json limit = thresholds.contains(key) ? thresholds[key] : Json(nullptr);
            html += "<tr><td>" + escape(key) + "</td><td" + (failed ? " class='fail'" : "") + ">" +
                    number(value.get<double>()) + "</td><td>" +
                    (limit.is_number() ? number(limit.get<double>()) : "") + "</td></tr>";
        }
        html += "</table></div><figure>" + picture(clip.worstFrame) +
                "<figcaption>Worst frame: " + std::to_string(clip.measures.worstFrame + 1) +
                " (most poke-through, then the largest stretch)</figcaption></figure></div>\n";
        html += "<div class='plots'>";
        for (const Series &series : plottedSeries()) {
            const Json limit =
                thresholds.contains(series.key) ? thresholds[series.key] : Json(nullptr);
            html += "<figure>" +
                    plot(series, clip.measures.perFrame, limit, clip.measures.worstFrame) +
                    "<figcaption>" + series.title + "</figcaption></figure>";
        }
        html += "</div>\n";
    }
    html += "</body></html>\n";
    writeFileAtomically(path, html);
}

} // namespace tweed::cli
