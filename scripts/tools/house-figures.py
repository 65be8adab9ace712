#!/usr/bin/env python3
"""The house in figures: per Swift module its lines, public declarations and imports; the largest file and the
longest function. Issue 35 measured the tree with these counts; this script measures them again the same way so a
restructuring can be compared before and after (run it on two checkouts). Counts are textual: a line is a line of
the file, a public declaration is a line whose first token is `public` or `open` followed by a declaration keyword,
a function's length runs from its `func`/`init` line to the line that closes its body's brace."""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
SOURCES = os.path.join(ROOT, "Sources")
DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(public|open)\s+(?:(?:static|final|class|override|mutating|nonisolated|convenience|required|indirect)\s+)*"
                  r"(func|var|let|init|struct|class|enum|protocol|typealias|actor|extension|subscript|case)\b")
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(\w+)")
FUNC = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|static|final|class|override|mutating|nonisolated|convenience|required|@inlinable)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<])")


def swift_files(module):
    for base, _, names in os.walk(os.path.join(SOURCES, module)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def function_lengths(lines):
    """(name, first line, length) of each function whose body opens on its declaration's line or the next few."""
    found = []
    for index, line in enumerate(lines):
        match = FUNC.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for end in range(index, len(lines)):
            text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end].split("//")[0])
            depth += text.count("{") - text.count("}")
            opened = opened or "{" in text
            if opened and depth <= 0:
                found.append((match.group(1).split("(")[0].strip(), index + 1, end - index + 1))
                break
            if not opened and end - index > 12:
                break
    return found


def main():
    modules = sorted(m for m in os.listdir(SOURCES) if not m.startswith("C") and os.path.isdir(os.path.join(SOURCES, m)))
    total_lines = total_public = 0
    largest, longest = ("", 0), ("", "", 0)
    print(f"{'module':28} {'files':>5} {'lines':>7} {'public':>7}  imports")
    for module in modules:
        lines = public = files = 0
        imports = set()
        for path in swift_files(module):
            files += 1
            with open(path, encoding="utf-8") as handle:
                text = handle.read().splitlines()
            lines += len(text)
            public += sum(1 for line in text if DECL.match(line))
            imports |= {m.group(1) for line in text if (m := IMPORT.match(line))}
            relative = os.path.relpath(path, ROOT)
            if len(text) > largest[1]:
                largest = (relative, len(text))
            for name, first, length in function_lengths(text):
                if length > longest[2]:
                    longest = (f"{relative}:{first}", name, length)
        ghostline = sorted(i for i in imports if i.startswith("Ghostline") and i != module)
        total_lines += lines
        total_public += public
        print(f"{module:28} {files:5} {lines:7} {public:7}  {len(ghostline)}: {' '.join(ghostline)}")
    print(f"{'all Swift modules':28} {'':5} {total_lines:7} {total_public:7}")
    print(f"largest file: {largest[0]} ({largest[1]} lines)")
    print(f"longest function: {longest[1]} at {longest[0]} ({longest[2]} lines)")


if __name__ == "__main__":
    main()
