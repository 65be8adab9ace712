#!/usr/bin/env python3
"""Lists the public declarations of Ghostline's library modules that have no doc comment.

A declaration counts as documented when the line right above it (after skipping attribute lines such as
`@inlinable` or `@discardableResult`) ends a `///` comment or a `/** … */` block. A blank line or a plain `//`
comment in between breaks the link, as it does for the Swift compiler and DocC.

Checked: every declaration with a `public` or `open` modifier; the cases of a public enum and the requirements
of a public protocol (public without saying so); and the members of a `public extension` that do not lower their
access. Extensions themselves are not checked (DocC shows no comment for them).

The library modules are every directory of Sources/ except the executables (ghostline, ghostline-bench,
ghostline-fuzz); the C targets have no Swift files and are skipped by that fact.

Usage:
    scripts/tools/check-doc-comments.py                 # every library module
    scripts/tools/check-doc-comments.py PATH…           # only these files or directories (e.g. Sources/GhostlineLayout)
    scripts/tools/check-doc-comments.py --summary [PATH…]  # also a count per module

Prints `file:line: declaration` for each undocumented declaration and the count; exits 1 if there is any,
0 if there is none, 2 for a bad argument.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SOURCES = os.path.join(ROOT, "Sources")
EXECUTABLES = {"ghostline", "ghostline-bench", "ghostline-fuzz"}

MODIFIERS = (r"public|open|internal|fileprivate|private|package|final|static|class|override|mutating|nonmutating|"
             r"indirect|convenience|required|lazy|weak|unowned|nonisolated|dynamic|optional|prefix|postfix|infix|"
             r"(?:public|internal|fileprivate|private|package)\((?:set)\)")
ATTRIBUTE = r"@[A-Za-z_][A-Za-z0-9_.]*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?"
DECL_HEAD = re.compile(r"^\s*((?:" + ATTRIBUTE + r"\s+)*)((?:(?:" + MODIFIERS + r")\s+)*)"
                       r"(struct|class|enum|protocol|extension|actor|func|init\??|init!|deinit|subscript|var|let|"
                       r"typealias|associatedtype|case|macro|operator|precedencegroup)\b")
ATTRIBUTE_LINE = re.compile(r"^\s*(?:" + ATTRIBUTE + r"\s*)+$")
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "extension", "actor"}


def code_lines(text):
    """Each line of `text` with comments and string contents blanked, and whether the line starts in code.

    Handles nested block comments, single-line and multi-line strings, raw strings (#"…"#) and interpolation
    (\\( … ) inside a string is code again, strings included).
    """
    out, starts_in_code = [], []
    line_chars = []
    line_start_code = True
    # state stack: ("code", paren_depth) for code or interpolation, ("str", hashes, multiline), ("block", depth)
    stack = [["code", 0]]
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        if at_line_start:
            line_start_code = stack[-1][0] == "code" and len(stack) == 1
            at_line_start = False
        c = text[i]
        if c == "\n":
            out.append("".join(line_chars))
            starts_in_code.append(line_start_code)
            line_chars = []
            at_line_start = True
            top = stack[-1]
            if top[0] == "str" and not top[2]:
                stack.pop()  # an unterminated single-line string ends with its line
            i += 1
            continue
        top = stack[-1]
        if top[0] == "block":
            if text.startswith("/*", i):
                top[1] += 1
                i += 2
            elif text.startswith("*/", i):
                top[1] -= 1
                i += 2
                if top[1] == 0:
                    stack.pop()
                line_chars.append("  ")
                continue
            else:
                i += 1
            line_chars.append(" ")
            continue
        if top[0] == "str":
            hashes, multiline = top[1], top[2]
            escape = "\\" + "#" * hashes
            if text.startswith(escape + "(", i):
                stack.append(["code", 0])
                line_chars.append(" " * (len(escape) + 1))
                i += len(escape) + 1
                continue
            if text.startswith(escape, i):
                line_chars.append(" " * (len(escape) + 1))
                i += len(escape) + 1
                continue
            close = ('"""' if multiline else '"') + "#" * hashes
            if text.startswith(close, i):
                stack.pop()
                line_chars.append('"' * len(close))
                i += len(close)
                continue
            line_chars.append(" ")
            i += 1
            continue
        # code (top level or inside an interpolation)
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            line_chars.append(" " * (j - i))
            i = j
            continue
        if text.startswith("/*", i):
            stack.append(["block", 1])
            line_chars.append("  ")
            i += 2
            continue
        m = re.compile(r'(#*)("""|")').match(text, i)
        if m and (m.group(1) == "" or c == "#"):
            hashes = len(m.group(1))
            multiline = m.group(2) == '"""'
            stack.append(["str", hashes, multiline])
            line_chars.append('"' * (m.end() - i))
            i = m.end()
            continue
        if len(stack) > 1 and top[0] == "code":
            if c == "(":
                top[1] += 1
            elif c == ")":
                if top[1] == 0:
                    stack.pop()  # the end of an interpolation
                    line_chars.append(" ")
                    i += 1
                    continue
                top[1] -= 1
            line_chars.append(" " if c in "{}" else c)  # braces inside interpolations do not open scopes
            i += 1
            continue
        line_chars.append(c)
        i += 1
    out.append("".join(line_chars))
    starts_in_code.append(line_start_code)
    return out, starts_in_code


def is_documented(raw_lines, index):
    """Whether the declaration on line `index` has a doc comment right above it (attribute lines skipped)."""
    j = index - 1
    while j >= 0 and ATTRIBUTE_LINE.match(raw_lines[j]):
        j -= 1
    if j < 0:
        return False
    above = raw_lines[j].strip()
    if above.startswith("///"):
        return True
    if above.endswith("*/"):
        # find the start of this block comment
        k = j
        while k >= 0 and "/*" not in raw_lines[k]:
            k -= 1
        return k >= 0 and raw_lines[k].lstrip().startswith("/**")
    return False


def check_file(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    raw_lines = text.split("\n")
    code, starts_in_code = code_lines(text)
    missing = []
    # scope stack: the kind of each open brace: "public-enum", "public-protocol", "public-extension", "type", "other"
    scopes = []
    pending = None  # the scope kind the next "{" opens, set by a type declaration's header
    for index, line in enumerate(code):
        if starts_in_code[index]:
            m = DECL_HEAD.match(line)
            if m:
                attributes, modifiers, keyword = m.group(1), m.group(2).split(), m.group(3)
                explicit = "public" in modifiers or "open" in modifiers
                lowered = any(mod in ("private", "fileprivate", "internal", "package") for mod in modifiers)
                parent = scopes[-1] if scopes else None
                implicit = (
                    (parent == "public-enum" and keyword == "case")
                    or (parent == "public-protocol" and keyword != "case")
                    or (parent == "public-extension" and keyword != "case" and not lowered)
                )
                if (explicit or implicit) and keyword != "extension":
                    if not is_documented(raw_lines, index):
                        missing.append((index + 1, raw_lines[index].strip()))
                if keyword in TYPE_KEYWORDS:
                    if explicit and keyword in ("enum", "protocol", "extension"):
                        pending = "public-" + keyword
                    elif keyword == "extension" and not lowered:
                        pending = "extension"
                    else:
                        pending = "type"
                elif keyword != "case":
                    pending = None
        for c in line:
            if c == "{":
                scopes.append(pending or "other")
                pending = None
            elif c == "}":
                if scopes:
                    scopes.pop()
    return missing


def module_of(path):
    rel = os.path.relpath(path, SOURCES)
    return rel.split(os.sep)[0]


def swift_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for directory, subdirectories, files in os.walk(path):
            subdirectories.sort()
            if os.path.normpath(directory) == os.path.normpath(SOURCES):
                subdirectories[:] = [d for d in subdirectories if d not in EXECUTABLES]
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def main(argv):
    summary = "--summary" in argv
    args = [a for a in argv if a != "--summary"]
    for a in args:
        if a.startswith("-") or not os.path.exists(a):
            print(f"usage: {os.path.basename(sys.argv[0])} [--summary] [PATH…]  ({a!r}: no such file)", file=sys.stderr)
            return 2
    paths = args or [SOURCES]
    total = 0
    per_module = {}
    for path in swift_files(paths):
        if module_of(os.path.abspath(path)) in EXECUTABLES:
            continue
        missing = check_file(path)
        module = module_of(os.path.abspath(path))
        per_module.setdefault(module, 0)
        per_module[module] += len(missing)
        for line, declaration in missing:
            print(f"{os.path.relpath(path)}:{line}: {declaration}")
        total += len(missing)
    if summary:
        for module in sorted(per_module):
            print(f"{module}: {per_module[module]}")
    print(f"{total} public declaration{'s' if total != 1 else ''} without a doc comment")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
