#!/usr/bin/env python3
"""Write the hand-made seeds shaped like issue 44's items (small versions, a few KiB each, so that
the fuzzers' inputs of 8 to 16 KiB reach them), and the fixed module `vassal_labels` reads:

  seeds/vassal_labels_module.xml     prototypes with Text Labels, layers, masks, nested prototypes
  seeds/vassal_labels/*.txt          item 1 (labels doubling a name, own and through prototypes,
                                     masked or not), items 14/15 (a mask past the trait limit)
  seeds/vassal_palette/*             items 5, 7, 8, 9, 10, 11, 13: buildFile NUL save
  seeds/vassal_tables/*              items 3, 4, 12, 21: profile, then `=== FILE` sections
  seeds/map_hexsides/*.toml          item 6 and hexside names of every shape
  seeds/vassal_hidden/*.txt          masks and invisibility at depth, through prototypes

Run from the repository root: python3 fuzz/seeds/make.py (deterministic; the files are
committed)."""
import os

ROOT = "fuzz/seeds"
ESC = "\x1b"


def enc(elements, d):
    """VASSAL's SequenceEncoder: each delimiter inside an element escaped with a backslash, an
    element ending with a backslash (or quoted itself) written between single quotes."""
    out = []
    for s in elements:
        e = s.replace(d, "\\" + d)
        if s.endswith("\\") or (len(s) > 1 and s.startswith("'") and s.endswith("'")):
            e = "'" + e + "'"
        out.append(e)
    return d.join(out)


def nest(outer_first, basic):
    full = basic
    for t in reversed(outer_first):
        full = enc([t, full], "\t")
    return full


def add_piece(pid, ty, state):
    return "+/" + enc([pid, ty, state], "/")


def piece(pid, name, traits, map_="Main", x=190, y=225, gpid=""):
    """An add-piece command: traits (type, state) outermost first around a basic piece."""
    ty = nest([t for t, _ in traits], f"piece;;;;{name}")
    st = nest([s for _, s in traits], f"{map_};{x};{y};{gpid};0")
    return add_piece(pid, ty, st)


def save(commands, boards="MainBoardPicker\tWest\t0\t0"):
    return ESC.join(["begin_save", boards] + commands + ["end_save"])


def xml(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def prototype(name, traits):
    ty = nest([t for t, _ in traits], "piece;;;;")
    st = nest([s for _, s in traits], "null;0;0;;0")
    return (f'<VASSAL.build.module.PrototypeDefinition name="{xml(name)}">'
            f"{xml(add_piece('null', ty, st))}</VASSAL.build.module.PrototypeDefinition>")


def slot(name, gpid, traits, basic_name):
    ty = nest([t for t, _ in traits], f"piece;;;;{basic_name}")
    st = nest([s for _, s in traits], "null;0;0;;0")
    return (f'<VASSAL.build.widget.PieceSlot entryName="{xml(name)}" gpid="{xml(gpid)}" height="0" width="0">'
            f"{xml(add_piece('null', ty, st))}</VASSAL.build.widget.PieceSlot>")


MAP = ('<VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker>'
       '<VASSAL.build.module.map.boardPicker.Board image="west.png" name="West">'
       '<VASSAL.build.module.map.boardPicker.board.HexGrid dx="60.0" dy="70.0" x0="0" y0="35">'
       '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hOff="1" vOff="1"/>'
       "</VASSAL.build.module.map.boardPicker.board.HexGrid>{zones}"
       "</VASSAL.build.module.map.boardPicker.Board>{boards}</VASSAL.build.module.map.BoardPicker>{decks}"
       "</VASSAL.build.module.Map>")


def module(inner, zones="", decks="", extra_maps="", boards=""):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<VASSAL.build.GameModule VassalVersion="3.7.9" name="Demo" version="2.0">'
            + MAP.format(zones=zones, decks=decks, boards=boards) + extra_maps + inner + "</VASSAL.build.GameModule>\n")


def write(path, text):
    path = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = text.encode() if isinstance(text, str) else text
    with open(path, "wb") as f:
        f.write(data)
    print(f"{path}: {len(data)} bytes")


# A Text Label whose name format doubles the name, and one that shows its label.
DOUBLE = "label;K;Change;10;;;t;0;c;0;c;c;$pieceName$$pieceName$;Dialog;0;0;TextLabel"
SHOW = "label;L;Change;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;"
LAYER = ("emb2;;;;Flip;;F;;;;;;1;false;0;0;a.png,b.png;+ Veteran,+ Green Secret Layer;true;Step;;;"
         "false;;1;1;true;;70,130;;Step;1.0")
MASK = "obs;M;mask.png;Mask;I;?;player:;Peek;"
HIDE = "hide;H;Hide;255,255,255;player:;"

# --- vassal_labels: the fixed module and its saves (item 1, items 14 and 15) ---------------------
wide = [(f"mark;W{i}", "w") for i in range(32)]
labels_module = module(
    "<VASSAL.build.module.PrototypesContainer>"
    + prototype("Doubling", [(DOUBLE, "x")] * 4)
    + prototype("Labelled", [(SHOW, "a label"), (LAYER, "1")])
    + prototype("Masked", [(MASK, "player1"), ("mark;Prototype Secret Key", "v")])
    + prototype("Hiding", [(HIDE, "player2")])
    + prototype("Nested", [("prototype;Masked", ""), ("mark;Nested", "n")])
    + prototype("Cycle", [("prototype;Cycle", ""), ("mark;Loop", "l")])
    + prototype("Wide", wide)
    + prototype("Wider", [("prototype;Wide", "")] * 32)
    + "</VASSAL.build.module.PrototypesContainer>"
)
write("vassal_labels_module.xml", labels_module)
write("vassal_labels/item1-32-doubling-labels.txt",
      save([piece("grow", "AB", [(DOUBLE, "x")] * 32)]))
write("vassal_labels/item1-masked-doubling.txt",
      save([piece("secret", "Masked Grower", [(MASK, "player1")] + [(DOUBLE, "x")] * 32)]))
write("vassal_labels/item1-through-prototypes.txt",
      save([piece("proto", "Proto Grower", [("prototype;Doubling", "")] * 8)]))
write("vassal_labels/item1-many-pieces-near-share.txt",
      save([piece(f"p{i}", "AB", [(DOUBLE, "x")] * 17) for i in range(7)]))
write("vassal_labels/labels-and-layers.txt",
      save([piece("l1", "Rifles", [("prototype;Labelled", ""), (SHOW, "2-3-4"), (LAYER, "2")]),
            piece("l2", "Guns", [(LAYER, "1"), (SHOW, "$label$ again")]),
            piece("l3", "Cyclist", [("prototype;Cycle", ""), (SHOW, "c")]),
            piece("l4", "Nested Secret Unit", [("prototype;Nested", ""), ("mark;Own Secret Key", "o")]),
            piece("l5", "Hidden Through Prototype", [("prototype;Hiding", ""), (SHOW, "h")])]))
write("vassal_labels/item15-mask-past-the-trait-limit.txt",
      save([piece("deep", "Masked Past The Limit", [("prototype;Wider", ""), (MASK, "player1"), ("mark;Deep Secret Key", "d")]),
            piece("deep2", "Invisible Past The Limit", [("prototype;Wider", ""), ("prototype;Wider", ""), (HIDE, "player1")])]))
write("vassal_labels/item14-mask-deep-in-own-traits.txt",
      save([piece("own", "Masked Deep Down", [(f"mark;K{i}", "v") for i in range(60)] + [(MASK, "")] + [(DOUBLE, "x")] * 3)]))

# --- vassal_hidden: masks at depth and through prototypes of the hidden module -------------------
write("vassal_hidden/masks-at-depth.txt",
      save([piece("d1", "Deep Masked Unit", [(f"mark;M{i}", "v") for i in range(40)] + [(MASK, "player1")]),
            piece("d2", "Deep Invisible Unit", [(f"mark;N{i}", "v") for i in range(40)] + [(HIDE, "x")]),
            piece("d3", "Masked Prototype User", [(MASK, "null;"), ("prototype;Infantry", ""), (MASK, "")]),
            piece("d4", "Missing State Mask", []).replace("piece;;;;Missing", enc([MASK, "piece;;;;Missing"], "\t"))],
           boards="MainBoardPicker\tWest\t0\t0\tEast\t1\t0"))

# --- vassal_palette: buildFile NUL save ----------------------------------------------------------
def palette(name, slots, commands, zones="", decks="", inner="", boards=""):
    build = module(inner + '<VASSAL.build.module.PieceWindow name="W">' + "".join(slots)
                   + "</VASSAL.build.module.PieceWindow>", zones=zones, decks=decks, boards=boards)
    write(f"vassal_palette/{name}", build.encode() + b"\0" + save(commands).encode())


# Each of these is as large as a fuzz input may be (16 KiB): N entries and M pieces as many as
# fit, so that a loop over N x N or N x M is far beyond the bounds of fuzz/src/bounds.rs.
def small_slot(gpid, basic="T"):
    return (f'<VASSAL.build.widget.PieceSlot gpid="{gpid}">'
            f"{xml(add_piece('null', f'piece;;;;{basic}', 'null;0;0;;0'))}</VASSAL.build.widget.PieceSlot>")


# Item 7: many entries sharing one gpid, each piece matched exactly by it (N^2 per piece).
palette("item7-shared-gpid", [small_slot("1") for _ in range(80)],
        [piece(f"p{i}", "T", [], x=1, y=1, gpid="1") for i in range(240)])
# Item 5: identical entries without gpid, every piece ambiguous (a Vec of N candidates a piece).
palette("item5-identical-entries", [small_slot("") for _ in range(80)],
        [piece(f"q{i}", "T", [], x=1, y=1) for i in range(230)])
# Item 8: candidates of many traits sharing a basic piece, compared with bare pieces.
palette("item8-approximate",
        [slot("", "", [(f"mark;{j}", "") for j in range(12)], "B") for i in range(12)],
        [piece(f"b{i}", "B", [], x=1, y=1) for i in range(330)])
# Item 9: entries naming one prototype of many markers.
palette("item9-prototype-per-entry",
        [slot("", str(i), [("prototype;D", "")], "U") for i in range(70)],
        [piece(f"u{i}", "U", [("prototype;D", "")], gpid=str(i)) for i in range(55)],
        inner="<VASSAL.build.module.PrototypesContainer>"
        + prototype("D", [(f"mark;K{i}", "v") for i in range(40)])
        + "</VASSAL.build.module.PrototypesContainer>")
# Item 10: one zone of many points (a small square walked round and round), pieces inside it.
points = ";".join(["0,0", "9,0", "9,9", "0,9"] * 560)
palette("item10-zone-polygon", [small_slot("1")],
        [piece(f"z{i}", "T", [], x=1 + i % 8, y=1 + i % 7, gpid="1") for i in range(200)],
        zones='<VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
        f'<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="{points}"/>'
        "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
# Item 11: decks whose owningBoard names no board, among many boards.
palette("item11-decks-without-board", [small_slot("1")],
        [piece(f"c{i}", "T", [], x=1, y=1, gpid="1") for i in range(230)],
        decks='<VASSAL.build.module.map.DrawPile owningBoard="N"/>' * 80,
        boards='<VASSAL.build.module.map.boardPicker.Board name="B"/>' * 60)
# Item 13: a private window listing many sides (one side written again and again), read as
# another side (both sides of the module's roster, which a side read as must be).
sides = ",".join(["A"] * 4500)
palette("item13-private-window-sides", [small_slot("1")],
        [piece(f"h{i}", "T", [], map_="Hand", x=1, y=1, gpid="1") for i in range(200)],
        inner='<VASSAL.build.module.PlayerRoster><entry>A</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>'
        f'<VASSAL.build.module.PrivateMap mapName="Hand" side="{sides}" visible="false">'
        '<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Hand" width="300" height="200"/>'
        "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.PrivateMap>")
# Exact, approximate and ambiguous matches with prototypes, and a masked piece matching a slot.
palette("matches-and-masks",
        [slot("Tank A", "1", [("prototype;Unit", ""), ("mark;Side", "Blue")], "Tank"),
         slot("Tank B", "2", [("mark;Side", "Red")], "Tank"),
         slot("Tank B", "3", [("mark;Side", "Red")], "Tank"),
         slot("Secret Slot Name", "9", [(MASK, "null")], "Slotted Secret")],
        [piece("t1", "Tank", [("prototype;Unit", ""), ("mark;Side", "Blue")], gpid="1"),
         piece("t2", "Tank", [("mark;Side", "Red")]),
         piece("t3", "Tank", [("mark;Side", "Green")]),
         piece("t4", "Slotted Secret", [(MASK, "player1")], gpid="9")],
        inner="<VASSAL.build.module.PrototypesContainer>"
        + prototype("Unit", [("mark;Kind", "Unit"), (SHOW, "u")])
        + "</VASSAL.build.module.PrototypesContainer>")

# --- vassal_tables: profile, then `=== FILE` sections --------------------------------------------
LEYTE_HEAD = '''game = "leyte"
[state]
map = "../../maps/leyte-standin.toml"
[state.scenario]
name = "American Assault (16.1)"
active_beaches = ["northern-beach"]
[board]
map = "Leyte"
'''
LOOKUP = ('[[pieces]]\ninto = "units"\nselect = { on = "board", property = { Kind = "Unit" } }\n'
          '[pieces.fields]\nid = {{ lookup = {{ table = "{t}", by = {{ counter = {{ name = true }} }}, column = "id" }} }}\n'
          'side = { property = "Nationality", values = { US = "us", Japanese = "japanese" } }\n'
          'rating = {{ lookup = {{ table = "{t}", by = {{ counter = {{ name = true }} }}, column = "rating" }} }}\n'
          'hex = { location = true }\n')


def lookup(t):
    return LOOKUP.replace("{{", "{").replace("}}", "}").replace("{t}", t)


def tables(name, profile, files):
    write(f"vassal_tables/{name}", profile + "".join(f"\n=== {n}\n{body}" for n, body in files))


counters = open("fixtures/vassal/leyte/counters.csv").read()
tables("leyte-counters-csv", LEYTE_HEAD + '[tables.counters]\nfile = "counters.csv"\n' + lookup("counters"),
       [("counters.csv", counters)])
rows = "rows = [\n" + "".join(
    f'  {{ counter = "{line.split(",")[0]}", id = "u{i}", rating = "1-1-1" }},\n'
    for i, line in enumerate(counters.splitlines()[1:40])) + "]\n"
tables("leyte-counters-toml", LEYTE_HEAD + '[tables.counters]\nfile = "counters.toml"\n' + lookup("counters"),
       [("counters.toml", rows)])
# Item 3: rows each adding a column of their own.
tables("item3-a-column-a-row", LEYTE_HEAD + '[tables.t]\nfile = "t.toml"\n' + lookup("t"),
       [("t.toml", "rows = [" + ",".join(f"{{c{i}=1}}" for i in range(1200)) + "]\n")])
# Item 4: many tables naming one file.
csv = "counter,id,rating\n" + "".join(f"{i},b,c\n" for i in range(1000))
tables("item4-many-tables-one-file",
       LEYTE_HEAD + "".join(f'[tables.t{i}]\nfile = "one.csv"\n' for i in range(200)) + lookup("t0"),
       [("one.csv", csv)])
# Item 12: many entries that select nothing.
tables("item12-entries-selecting-nothing",
       LEYTE_HEAD + "".join(f'[[pieces]]\ninto = "units"\nselect = {{ property = {{ Kind = "None{i}" }} }}\n'
                            f'fields = {{ id = {{ name = true }} }}\n' for i in range(120)),
       [])
# Item 21: a table lacking the column, of many columns; a file that is not a table.
tables("item21-many-columns",
       LEYTE_HEAD + '[tables.counters]\nfile = "wide.csv"\n' + lookup("counters"),
       [("wide.csv", ",".join(f"col{i}" for i in range(1500)) + "\n")])
tables("item21-not-a-table",
       LEYTE_HEAD + '[tables.counters]\nfile = "shadow"\n' + lookup("counters"),
       [("shadow", "root:$6$secret:19000:0:99999:7:::\n")])

# --- map_hexsides ---------------------------------------------------------------------------------
MAP_HEAD = '''name = "sides"
[layout]
orientation = "pointy"
label = "row-column"
rows = [1, 20]
columns = [1, 20]
shifted = "even"
rows_grow = "north"
columns_grow = "east"
'''
write("map_hexsides/names-of-every-shape.toml", MAP_HEAD + '''[hexsides.sides]
river = ["0110-2010 | 0111-2011", "1012/NE", "0505/e", "0303-0306"]
blocks-zoc = ["1501/E", "0101/W"]
road = ["0202/SE"]
impassable = ["0909-0912 | 1009-1012"]
''')
BIG_MAP = MAP_HEAD.replace("rows = [1, 20]", "rows = [1, 99]").replace("columns = [1, 20]", "columns = [1, 99]")
write("map_hexsides/item6-one-line-many-times.toml", BIG_MAP + '[hexsides.sides]\nriver = ['
      + ", ".join(['"0150-9950"'] * 200 + ['"0150/E"'] * 200) + "]\n")
write("map_hexsides/item6-a-line-and-a-direction.toml", BIG_MAP + '[hexsides.sides]\nriver = ['
      + ", ".join(['"0150-9950/E"'] * 400) + "]\nblocks-zoc = [" + ", ".join(['"0101-0199 | 0201-0299"'] * 100) + "]\n")
write("map_hexsides/item22-three-ends.toml", MAP_HEAD + '[hexsides.sides]\nblocks-zoc = ["0101-0201-0301/E", "0101-0103"]\n')
