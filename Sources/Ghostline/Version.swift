/// Ghostline's version, as `ghostline --version` prints it and as CHANGELOG.md records it.
///
/// It follows Semantic Versioning 2.0.0 (https://semver.org). Before 1.0, a minor release (0.3 → 0.4) may
/// change the library's Swift API or the renders themselves; a patch release (0.4.0 → 0.4.1) never does. The
/// scene keys, CLI flags and JSON keys that docs/scene-format.md marks as the stable core stay compatible
/// across every release.
///
/// Between releases the version carries a `-dev` pre-release suffix (`0.4.0-dev`): the tree holds the work
/// listed under "Unreleased" in CHANGELOG.md, on its way to the release named before the suffix. To release:
/// drop the suffix here, rename the "Unreleased" heading of CHANGELOG.md to the version and date, and tag the
/// commit `v<version>`. `VersionTests` checks that this constant and the changelog agree.
public enum GhostlineVersion {
    /// The version of this source tree, e.g. `0.4.0-dev`.
    public static let current = "0.4.0-dev"
}
