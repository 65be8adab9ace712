import GhostlineImage

/// Small copies of the ghost and diff images for the suite's index page: a phone screen at @3x is 3 MP, and an
/// index of hundreds of them must open quickly. Each thumbnail pixel is the alpha-weighted average of the
/// source pixels it covers (a box filter), so thin red diff marks fade but stay visible instead of vanishing
/// between sampled pixels.
enum Thumbnail {
    static let maximumWidth = 120
    static let maximumHeight = 400

    static func make(_ image: RGBAImage, maximumWidth: Int = maximumWidth, maximumHeight: Int = maximumHeight) -> RGBAImage {
        guard image.width > 0, image.height > 0 else { return image }
        let factor = max(Double(image.width) / Double(maximumWidth), Double(image.height) / Double(maximumHeight), 1)
        let width = max(1, Int((Double(image.width) / factor).rounded()))
        let height = max(1, Int((Double(image.height) / factor).rounded()))
        if width == image.width && height == image.height { return image }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let top = y * image.height / height, bottom = max(top + 1, (y + 1) * image.height / height)
                for x in 0..<width {
                    let left = x * image.width / width, right = max(left + 1, (x + 1) * image.width / width)
                    var red = 0, green = 0, blue = 0, alpha = 0
                    for sy in top..<bottom {
                        var i = (sy * image.width + left) * 4
                        for _ in left..<right {
                            let a = Int(source[i + 3])
                            red += Int(source[i]) * a; green += Int(source[i + 1]) * a; blue += Int(source[i + 2]) * a
                            alpha += a
                            i += 4
                        }
                    }
                    let o = (y * width + x) * 4
                    let count = (bottom - top) * (right - left)
                    if alpha > 0 {
                        out[o] = UInt8((red + alpha / 2) / alpha)
                        out[o + 1] = UInt8((green + alpha / 2) / alpha)
                        out[o + 2] = UInt8((blue + alpha / 2) / alpha)
                    }
                    out[o + 3] = UInt8((alpha + count / 2) / count)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
