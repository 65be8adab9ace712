#!/usr/bin/env python3
"""What every visible text layer of each document in Fixtures/designdocs says, read with Python's json and
zipfile modules alone: the independent side of DesignImportTests. For each document it writes
Fixtures/designdocs/expected/<folder>--<file>.json: per screen (artboard or top-level frame), each text
layer's string, frame relative to the screen, and runs (text, font, size).

Rules, from the formats' own documentation: Sketch frames are relative to the enclosing group or artboard;
a symbol instance shows its master's layers at the instance's origin, with `overrideValues` entries
`<layer id>_stringValue` (paths through nested instances joined by `/`) replacing the text; layers with
`isVisible: false` are not drawn. Figma nodes carry `absoluteBoundingBox`, made relative to the top-level
frame; instances arrive expanded; `visible: false` hides a node and everything in it; runs follow
`characterStyleOverrides` (UTF-16 units) and `styleOverrideTable`.
"""
import json, os, sys, zipfile

ROOT = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "designdocs")


def u16(s):
    return s.encode("utf-16-le")


def u16slice(s, a, b):
    return u16(s)[2 * a:2 * b].decode("utf-16-le", errors="replace")


def sketch_entries(path):
    if os.path.isdir(path):
        def read(name):
            p = os.path.join(path, name)
            return json.load(open(p)) if os.path.exists(p) else None
    else:
        z = zipfile.ZipFile(path)
        names = set(z.namelist())
        def read(name):
            return json.loads(z.read(name)) if name in names else None
    return read


def sketch(path):
    read = sketch_entries(path)
    doc = read("document.json")
    pages = [read(ref["_ref"] + ".json") for ref in doc["pages"]]
    masters = {}
    def collect(layer):
        if layer.get("_class") == "symbolMaster":
            masters.setdefault(layer["symbolID"], layer)
        for c in layer.get("layers", []):
            collect(c)
    for p in pages:
        collect(p)
    for f in doc.get("foreignSymbols", []):
        collect(f["symbolMaster"])
    screens = []
    # Shared text styles: an instance's `<layer id>_textStyle` override gives the layer that style's font and size.
    styles = {}
    for entry in doc.get("layerTextStyles", {}).get("objects", []) + [f.get("localSharedStyle", {}) for f in doc.get("foreignTextStyles", [])]:
        font = entry.get("value", {}).get("textStyle", {}).get("encodedAttributes", {}).get("MSAttributedStringFontAttribute", {}).get("attributes")
        if entry.get("do_objectID") and font:
            styles.setdefault(entry["do_objectID"], font)

    def text_of(layer, override, style_override=None):
        a = layer["attributedString"]
        if "archivedAttributedString" in a:
            return None
        s = a.get("string", "")
        if override is not None:
            first = a["attributes"][0]["attributes"]["MSAttributedStringFontAttribute"]["attributes"] if a.get("attributes") else {"name": None, "size": 12}
            s = override
            runs = [{"text": override, "font": first.get("name"), "size": first.get("size")}]
            if style_override in styles:
                runs = [{"text": s, "font": styles[style_override].get("name"), "size": styles[style_override].get("size")}]
            return s, runs
        runs = []
        n = len(u16(s)) // 2
        for r in a.get("attributes", []):
            start, end = r["location"], min(r["location"] + r["length"], n)
            if end <= start:
                continue
            font = r["attributes"].get("MSAttributedStringFontAttribute", {}).get("attributes", {})
            runs.append({"text": u16slice(s, start, end), "font": font.get("name"), "size": font.get("size")})
        if style_override in styles:
            font = styles[style_override]
            runs = [{"text": s, "font": font.get("name"), "size": font.get("size")}]
        return s, runs

    def walk(layer, ox, oy, out, overrides, path, depth):
        if layer.get("isVisible") is False:
            return
        cls = layer["_class"]
        f = layer.get("frame", {})
        x, y = f.get("x", 0) + ox, f.get("y", 0) + oy
        here = (path + "/" if path else "") + layer.get("do_objectID", "")
        if cls == "text":
            got = text_of(layer, overrides.get(here + "_stringValue"), overrides.get(here + "_textStyle"))
            if got:
                out.append({"string": got[0], "x": x, "y": y, "width": f["width"], "height": f["height"], "runs": got[1]})
        elif cls == "group":
            for c in layer.get("layers", []):
                walk(c, x, y, out, overrides, path, depth)
        elif cls == "symbolInstance" and depth < 16:
            sid = overrides.get(here + "_symbolID", layer.get("symbolID"))
            m = masters.get(sid)
            if m is None:
                return
            mine = {here + "/" + o["overrideName"]: o["value"] for o in layer.get("overrideValues", [])}
            mine.update({k: v for k, v in overrides.items() if k.startswith(here + "/")})
            for c in m.get("layers", []):
                walk(c, x, y, out, mine, here, depth + 1)

    for p in pages:
        for layer in p.get("layers", []):
            if layer.get("isVisible") is False or layer["_class"] != "artboard":
                continue
            out = []
            for c in layer.get("layers", []):
                walk(c, 0, 0, out, {}, "", 0)
            screens.append({"page": p["name"], "screen": layer["name"], "texts": out})
    return screens


def figma(path):
    d = json.load(open(path))
    screens = []

    def runs_of(n):
        s = n.get("characters", "")
        marks = n.get("characterStyleOverrides", [])
        table = n.get("styleOverrideTable", {})
        base = n["style"]
        units = len(u16(s)) // 2
        runs, start = [], 0
        while start < units:
            m = marks[start] if start < len(marks) else 0
            end = start + 1
            while end < units and (marks[end] if end < len(marks) else 0) == m:
                end += 1
            st = dict(base)
            st.update(table.get(str(m), {}) if m else {})
            run = {"text": u16slice(s, start, end), "font": st.get("fontPostScriptName"), "size": st.get("fontSize")}
            if runs and runs[-1]["font"] == run["font"] and runs[-1]["size"] == run["size"] and m == runs[-1]["mark"]:
                runs[-1]["text"] += run["text"]
            else:
                run["mark"] = m
                runs.append(run)
            start = end
        for r in runs:
            r.pop("mark")
        return s, runs

    def walk(n, top, out):
        if n.get("visible") is False:
            return
        if n["type"] == "TEXT":
            b = n["absoluteBoundingBox"]
            s, runs = runs_of(n)
            out.append({"string": s, "x": b["x"] - top["x"], "y": b["y"] - top["y"], "width": b["width"], "height": b["height"], "runs": runs})
        for c in n.get("children", []):
            walk(c, top, out)

    def top_level(nodes, page):
        for n in nodes:
            if n.get("visible") is False:
                continue
            if n["type"] == "SECTION":
                top_level(n.get("children", []), page)
            elif n["type"] in ("FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE"):
                out = []
                for c in n.get("children", []):
                    walk(c, n["absoluteBoundingBox"], out)
                screens.append({"page": page, "screen": n["name"], "texts": out})

    for page in d["document"]["children"]:
        if page.get("visible") is False:
            continue
        top_level(page.get("children", []), page["name"])
    return screens


def main():
    out_dir = os.path.join(ROOT, "expected")
    os.makedirs(out_dir, exist_ok=True)
    for folder in sorted(os.listdir(ROOT)):
        base = os.path.join(ROOT, folder)
        if not os.path.isdir(base) or folder == "expected":
            continue
        for name in sorted(os.listdir(base)):
            p = os.path.join(base, name)
            if name.endswith(".sketch") or (os.path.isdir(p) and os.path.exists(os.path.join(p, "document.json"))):
                screens = sketch(p)
            elif name.endswith(".json") and folder.startswith("figma"):
                screens = figma(p)
            else:
                continue
            target = os.path.join(out_dir, f"{folder}--{name}.json")
            with open(target, "w") as f:
                json.dump({"document": f"{folder}/{name}", "screens": screens}, f, ensure_ascii=False, indent=1)
                f.write("\n")
            print(target, sum(len(s["texts"]) for s in screens), "text layers on", len(screens), "screens")


if __name__ == "__main__":
    main()
