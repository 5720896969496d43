"""The history store on a real SQLite file: both search paths (FTS5 and the LIKE scan),
what the model reads back, titles, rename, delete, retention, damage, schema upgrades."""

from __future__ import annotations

import sqlite3
import time

import pytest

from native_host.history import HistoryStore, export, schema
from native_host.history.store import MAX_MESSAGES


@pytest.fixture(params=["fts", "like"])
def store(request, tmp_path):
    if request.param == "fts" and not schema.fts5_available():
        pytest.skip("this Python's SQLite has no FTS5")
    s = HistoryStore(tmp_path / "h.sqlite3", fts=request.param == "fts")
    yield s
    s.close()


def turn(question: str, answer: str, page: str | None = None) -> list[dict]:
    content = question + (f"\n(on page: Page — {page})" if page else "")
    return [{"role": "user", "content": content, "text": question}, {"role": "assistant", "content": answer}]


def test_search_finds_words_in_any_message_newest_first(store):
    store.append("a", turn("How long does the SunBrew take?", "Eleven minutes in **direct sunlight**."),
                 title="How long does the SunBrew take?", url="https://www.kettles.example/sunbrew")
    store.append("b", turn("Summarize", "A review of solar kettles for campers."), title="Solar Kettles Review")
    store.append("c", turn("Price of bread?", "Two euros."), title="Price of bread?")
    assert store.fts == (store.fts and schema.fts5_available())
    assert [i["session"] for i in store.list()] == ["c", "b", "a"]
    assert [i["session"] for i in store.list("sunlight")] == ["a"]
    assert [i["session"] for i in store.list("kettle")] == ["b"]  # the title; "kettles" by prefix
    assert [i["session"] for i in store.list("minutes eleven")] == ["a"]  # every word, any order
    assert store.list("minutes bread") == []
    assert store.list("SunBrew")[0]["snippet"] == "How long does the SunBrew take?"  # only there
    store.append("d", turn("Is rye gluten free?", "No, rye has gluten."), title="Is rye gluten free?")
    assert store.list("gluten")[0]["snippet"] == "No, rye has gluten."  # not the title again
    assert [i["session"] for i in store.list("SUNB")] == ["a"]  # as you type, any case
    hit = store.list("sunlight")[0]
    assert "in direct sunlight." in hit["snippet"]  # plain text: no markdown marks
    assert hit["site"] == "kettles.example" and hit["url"].startswith("https://www.kettles")
    assert hit["messages"] == 2


def test_search_text_is_data_not_query_syntax(store):
    store.append("a", turn('He said "NEAR" (OR) 100% _done_', "ok"), title="quotes")
    store.append("b", turn("plain", "text"), title="plain")
    for q in ['"NEAR"', "(OR)", "100%", "_done_", "NEAR(", "*", "a AND", "NOT"]:
        found = [i["session"] for i in store.list(q)]
        assert "b" not in found, q
    assert [i["session"] for i in store.list("100%")] == ["a"]
    assert [i["session"] for i in store.list("%")] == ["a"]  # a lone % is looked for, not a wildcard
    assert [i["session"] for i in store.list("   ")] == ["b", "a"]  # blank: everything


def test_paging_with_before_and_limit(store):
    for n in range(7):
        store.append(f"s{n}", turn(f"question {n}", "answer"), title=f"question {n}")
    first = store.list(limit=3)
    assert [i["session"] for i in first] == ["s6", "s5", "s4"]
    rest = store.list(limit=10, before=first[-1]["updated"])
    assert [i["session"] for i in rest] == ["s3", "s2", "s1", "s0"]


def test_model_reads_back_its_shape_and_the_person_reads_the_question(store):
    tool_turn = [
        {"role": "user", "content": "Reviews?\n(on page: K — https://k.example)", "text": "Reviews?"},
        {"role": "assistant", "content": "Searching. ", "tool_calls": [{"id": "t1", "name": "search_web", "arguments": {"query": "k"}}]},
        {"role": "tool", "content": "4.5 stars", "tool_call_id": "t1", "name": "search_web"},
        {"role": "assistant", "content": "Reviews are good."},
    ]
    store.append("s", tool_turn, title="Reviews?")
    assert store.load("s") == [{k: v for k, v in m.items() if k != "text"} for m in tool_turn]
    got = store.get("s")
    assert [(m["role"], m["text"]) for m in got["messages"]] == [("user", "Reviews?"), ("assistant", "Reviews are good.")]
    assert store.list("stars") == []  # tool results are the model's, not the conversation's text
    assert store.load("unknown") == []


def test_load_keeps_the_last_messages_but_history_keeps_everything(store):
    for n in range(80):
        store.append("s", turn(f"q{n}", f"a{n}"))
    loaded = store.load("s")
    assert len(loaded) == MAX_MESSAGES and loaded[-1]["content"] == "a79"
    assert len(store.get("s")["messages"]) == 160
    assert [i["session"] for i in store.list("q0")] == ["s"]


def test_title_is_the_first_question_until_renamed(store):
    store.append("s", turn("What is this   page\nabout?", "x"), title="What is this   page\nabout?")
    store.append("s", turn("And then?", "y"), title="And then?")
    assert store.get("s")["title"] == "What is this page about?"
    assert store.rename("s", "  Kettles  ") == "Kettles"
    store.append("s", turn("more", "z"), title="more")
    assert store.get("s")["title"] == "Kettles"
    assert [i["session"] for i in store.list("kettles")] == ["s"]
    long = "word " * 40
    store.append("t", turn(long, "x"), title=long)
    assert len(store.get("t")["title"]) <= 80 and store.get("t")["title"].endswith("…")


def test_delete_one_all_and_unknown(store):
    for s in "abc":
        store.append(s, turn(f"q {s}", "sunlight"))
    assert store.delete("b") == 1 and store.delete("b") == 0
    assert [i["session"] for i in store.list("sunlight")] == ["c", "a"]
    assert store.delete_all() == 2
    assert store.list() == [] and store.list("sunlight") == []
    with pytest.raises(Exception) as e:
        store.get("a")
    assert "No conversation 'a'" in str(e.value)


def test_retention_prunes_old_conversations_only_when_set(store):
    store.append("old", turn("old one", "x"))
    store.append("new", turn("new one", "y"))
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE conversations SET updated = ? WHERE session = 'old'", (time.time() - 40 * 86400,))
    assert store.prune(None) == 0 and len(store.list()) == 2  # default: keep
    assert store.prune(30) == 1
    assert [i["session"] for i in store.list()] == ["new"]
    assert store.list("old") == []


def test_export_markdown_and_json(store):
    store.append("s", turn("Is it **safe**?", "Yes:\n\n- folds flat\n- 900 g"), title="Is it safe?",
                 url="https://k.example/a")
    item = store.get("s")
    md = export.render(item, "markdown")
    assert md.startswith("# Is it safe?\n") and "<https://k.example/a>" in md
    assert "## You ·" in md and "Is it **safe**?" in md and "## Tabmate ·" in md and "- folds flat" in md
    import json
    data = json.loads(export.render(item, "json"))
    assert data["version"] == 1 and data["session"] == "s"
    assert [m["text"] for m in data["messages"]] == ["Is it **safe**?", "Yes:\n\n- folds flat\n- 900 g"]
    assert export.filename(item, "markdown").endswith("-is-it-safe.md")


def test_index_survives_a_build_without_fts5(tmp_path):
    if not schema.fts5_available():
        pytest.skip("this Python's SQLite has no FTS5")
    path = tmp_path / "h.sqlite3"
    with_fts = HistoryStore(path, fts=True)
    with_fts.append("a", turn("first about kettles", "x"))
    with_fts.close()
    without = HistoryStore(path, fts=False)  # another Python, without FTS5, writes meanwhile
    without.append("b", turn("second about kettles", "y"))
    assert [i["session"] for i in without.list("kettles")] == ["b", "a"]
    without.close()
    again = HistoryStore(path, fts=True)  # the index is rebuilt, nothing missing
    assert [i["session"] for i in again.list("kettles")] == ["b", "a"]
    again.delete("a")
    assert [i["session"] for i in again.list("kettles")] == ["b"]


def test_damaged_file_is_set_aside_and_a_new_history_starts(tmp_path, capsys):
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = HistoryStore(path)
    store.append("s", turn("hello", "hi"))
    assert [i["session"] for i in store.list()] == ["s"]
    assert any(".damaged-" in p.name for p in tmp_path.iterdir())
    assert "history_damaged" in capsys.readouterr().err


def test_newer_schema_is_refused_not_overwritten(tmp_path):
    path = tmp_path / "h.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(schema.MIGRATIONS) + 1}")
    with pytest.raises(Exception) as e:
        HistoryStore(path).list()
    assert "newer Tabmate" in str(e.value)
    assert path.exists()


def test_file_is_private(store):
    store.append("s", turn("q", "a"))
    assert store.path.stat().st_mode & 0o077 == 0


def test_the_first_index_layout_is_replaced_on_open(tmp_path):
    """Databases written by the first release (one index row per message, kept by triggers)."""
    if not schema.fts5_available():
        pytest.skip("this Python's SQLite has no FTS5")
    path = tmp_path / "h.sqlite3"
    HistoryStore(path, fts=False).append("a", turn("kettles in sunlight", "x"))
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM meta")
        db.execute("CREATE VIRTUAL TABLE messages_fts USING fts5(text, content='messages', content_rowid='id')")
        db.execute("CREATE TRIGGER messages_fts_ai AFTER INSERT ON messages BEGIN "
                   "INSERT INTO messages_fts(rowid, text) VALUES (new.id, new.text); END")
        db.execute("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')")
    store = HistoryStore(path, fts=True)
    store.append("b", turn("more sunlight", "y"))
    assert [i["session"] for i in store.list("sunlight")] == ["b", "a"]
    names = {r[0] for r in store.db().execute("SELECT name FROM sqlite_master")}
    assert "messages_fts" not in names and "messages_fts_ai" not in names
