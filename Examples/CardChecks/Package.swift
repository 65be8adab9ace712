// swift-tools-version:6.0
//
// An app team's test target checking its screens with Ghostline, the three ways it offers: Swift Testing,
// XCTest, and swift-snapshot-testing. It depends on Ghostline by path (this repository, two levels up), as a
// team would depend on a tagged release.
import Foundation
import PackageDescription

// A path dependency is known by its directory's name, whatever the clone is called.
let ghostline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let ghostlineIdentity = ghostline.lastPathComponent

let package = Package(
    name: "CardChecks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .testTarget(name: "CardChecksTests", dependencies: [
            .product(name: "GhostlineTesting", package: ghostlineIdentity),
            .product(name: "GhostlineSnapshotTesting", package: ghostlineIdentity),
            .product(name: "Ghostline", package: ghostlineIdentity),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
