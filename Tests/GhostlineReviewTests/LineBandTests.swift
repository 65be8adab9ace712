import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineDiff
import GhostlineGeometry
@testable import GhostlineReview
import Testing

/// `DesignReview.bands(for:)` looks only at the neighbours that can still move a band's edges. These tests hold it
/// to the definition it replaced: every line compared with every other line that overlaps it horizontally.
@Suite("Line bands")
struct LineBandTests {
    /// The definition, written out as plainly as possible: quadratic, and the reference for the fast version.
    static func reference(_ labels: [LabelLines]) -> [[LineBand]] {
        labels.enumerated().map { index, label in
            label.lines.indices.map { i in
                let baseline = label.lines[i].baseline
                let ascender = max(label.ascender, 0.1), descent = max(-label.descender, 0)
                let left = label.frame.minX - 2, right = label.frame.maxX + 2
                let box = ascender + descent
                var top = baseline - ascender - box, bottom = baseline + descent + box
                for (otherIndex, other) in labels.enumerated() {
                    let otherLeft = other.frame.minX - 2, otherRight = other.frame.maxX + 2
                    guard otherLeft < right && left < otherRight else { continue }
                    let otherAscender = max(other.ascender, 0.1), otherDescent = max(-other.descender, 0)
                    for (j, line) in other.lines.enumerated() where !(otherIndex == index && j == i) {
                        if line.baseline > baseline {
                            bottom = min(bottom, baseline + (line.baseline - baseline) * descent / (descent + otherAscender))
                        } else if line.baseline < baseline {
                            top = max(top, line.baseline + (baseline - line.baseline) * otherDescent / (otherDescent + ascender))
                        }
                    }
                }
                return LineBand(id: label.id, lineIndex: i, top: top, bottom: bottom, left: left, right: right)
            }
        }
    }

    /// Random screens of labels (columns side by side, overlapping labels, equal baselines, fonts of every size,
    /// descenders of zero) from a fixed seed: the fast bands equal the reference's exactly.
    @Test(arguments: 0..<40)
    func bandsEqualTheDefinition(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let labels = (0..<random.next(in: 1...12)).map { index -> LabelLines in
            let x = Double(random.next(in: 0...3)) * 100 + Double(random.next(in: 0...20))
            let lineHeight = Double(random.next(in: 8...40))
            let top = Double(random.next(in: 0...600))
            let ascender = random.next(in: 0...5) == 0 ? 0 : lineHeight * 0.8
            let descender = random.next(in: 0...4) == 0 ? 0 : -lineHeight * Double(random.next(in: 1...5)) / 10
            let count = random.next(in: 1...8)
            let lines = (0..<count).map { i in
                LabelLines.Line(start: i, end: i + 1, x: x, width: 50,
                                baseline: top + Double(i) * lineHeight + (random.next(in: 0...3) == 0 ? 0.5 : 0))
            }
            return LabelLines(id: "l\(index)", frame: Rect(x: x, y: top, width: Double(random.next(in: 20...250)), height: lineHeight * Double(count)),
                              ascender: ascender, descender: descender, lines: lines)
        }
        #expect(DesignReview.bands(for: labels) == Self.reference(labels))
    }

    /// Issue 11: 200,000 lines at one baseline (a layout JSON from the hostile catalogue) took minutes comparing
    /// each line with every other; equal baselines do not move each other's edges and are skipped in one step.
    @Test func manyLinesAtOneBaselineAreLinear() {
        let lines = (0..<200_000).map { _ in LabelLines.Line(start: 0, end: 1, x: 0, width: 10, baseline: 20) }
        let label = LabelLines(id: "t", frame: Rect(x: 0, y: 0, width: 375, height: 158), ascender: 15, descender: -4, lines: lines)
        let bands = DesignReview.bands(for: [label])
        #expect(bands[0].count == 200_000)
        #expect(bands[0][123_456] == LineBand(id: "t", lineIndex: 123_456, top: 20 - 34, bottom: 20 + 23, left: -2, right: 377))
    }
}
