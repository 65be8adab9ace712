"""What the hostile scripts share (scripts/hostile/hostile-catalogue.py and scripts/hostile/hostile-review.py): the one
way they see whether a folder changed. Standard library only, so either script can import it whatever else it needs."""
import hashlib
import os
import stat


def snapshot(directory):
    """Every entry under `directory`, without following links or opening FIFOs: kind and content hash."""
    entries = {}
    for base, dirs, files in os.walk(directory):
        for name in dirs + files:
            path = os.path.join(base, name)
            relative = os.path.relpath(path, directory)
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                entries[relative] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                entries[relative] = ("dir", stat.S_IMODE(info.st_mode))
            elif stat.S_ISREG(info.st_mode):
                if info.st_size > 64 << 20:   # sparse giants: size, inode and time are enough
                    entries[relative] = ("file", info.st_size, info.st_ino, info.st_mtime_ns)
                else:
                    digest = hashlib.sha256()
                    with open(path, "rb") as f:
                        for block in iter(lambda: f.read(1 << 20), b""):
                            digest.update(block)
                    entries[relative] = ("file", info.st_size, digest.hexdigest())
            else:
                entries[relative] = ("special", stat.S_IFMT(info.st_mode), info.st_rdev)
    return entries


def describe_change(before, after):
    parts = []
    for key in sorted(set(before) | set(after)):
        if key not in before:
            parts.append(f"new {key!r}")
        elif key not in after:
            parts.append(f"removed {key!r}")
        elif before[key] != after[key]:
            parts.append(f"changed {key!r}")
    return ", ".join(parts[:5])
