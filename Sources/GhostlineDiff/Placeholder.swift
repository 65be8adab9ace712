// The diff core is being written; see PixelDiff.swift.
