// The HTML report of tweed-cli qa: one self-contained file with, per clip, the measures against
// their thresholds, plots of each measure over the frames (inline SVG) and a picture of the
// worst frame (the body and the garment drawn as flat-shaded triangles, inline SVG).
#pragma once

#include "command.h"

#include "tweed/cloth_measures.h"

#include <string>
#include <vector>

namespace tweed::cli {

/// Triangles in model space, for the worst frame's picture.
struct QaMesh
{
    std::vector<Vec3> positions;
    std::vector<uint32_t> indices;
    bool garment = false;
};

struct QaClipReport
{
    int lod = 0;
    std::string clip;
    ClipMeasures measures;
    Json values;                     ///< the clip's entry of the JSON output
    std::vector<std::string> failed; ///< keys over their threshold
    std::vector<QaMesh> worstFrame;  ///< the body and garment at measures.worstFrame
};

/// Writes the report atomically. `thresholds` maps each key to its limit or null.
void writeQaReport(const std::string &path, const std::string &assetPath, bool pass,
                   const Json &thresholds, const std::vector<QaClipReport> &clips);

} // namespace tweed::cli
