"""Every text tool-call dialect in toolcalls.dialects.DIALECTS, in the form its model writes it.

Each case cites where the form is documented: the model's card or chat template, or the parser and
tests vLLM / llama.cpp ship for it (vllm/tool_parsers/*, tests/tool_use/*, llama.cpp
tests/test-chat.cpp).  Tool names and arguments are ours; the delimiters are the model's.
"""

from __future__ import annotations

import pytest

from native_host import tools
from native_host.sanitize import sanitize
from native_host.toolcalls import DIALECTS, parse

Q = {"query": "best kettle 2026"}
S = ("search_web", Q)
P = ("get_page", {})
DS = "<｜tool▁calls▁begin｜>{}<｜tool▁calls▁end｜>"
DS_V3 = '<｜tool▁call▁begin｜>function<｜tool▁sep｜>{}\n```json\n{}\n```<｜tool▁call▁end｜>'
DS_V31 = "<｜tool▁call▁begin｜>{}<｜tool▁sep｜>{}<｜tool▁call▁end｜>"
KIMI = "<|tool_calls_section_begin|>{}<|tool_calls_section_end|>"
KIMI_CALL = "<|tool_call_begin|>functions.{}:{}<|tool_call_argument_begin|>{}<|tool_call_end|>"
QJ = '{"query": "best kettle 2026"}'

# (dialect, model output, calls, what the user sees)
CASES = [
    # DeepSeek V3 / R1 — vllm deepseekv3_tool_parser.py; llama.cpp test-chat.cpp "DeepSeek R1"
    ("deepseek-v3 / r1 / v3.1", "Let me search." + DS.format(DS_V3.format("search_web", QJ)) + "<｜end▁of▁sentence｜>",
     [S], "Let me search."),
    ("deepseek-v3 / r1 / v3.1", "<think>\nThe user wants kettles; I should search.\n</think>\n\n"
     + DS.format(DS_V3.format("get_page", "{}") + "\n" + DS_V3.format("search_web", QJ)), [P, S], ""),
    # DeepSeek V3.1 — vllm tests/tool_use/test_deepseekv31_tool_parser.py ("normal text" + calls)
    ("deepseek-v3 / r1 / v3.1", "normal text" + DS.format(DS_V31.format("get_page", "{}") + DS_V31.format("search_web", QJ)),
     [P, S], "normal text"),
    # Kimi K2 — vllm kimi_k2_tool_parser.py; Kimi-K2 docs/tool_call_guidance.md
    ("kimi-k2", "I'll look that up." + KIMI.format(KIMI_CALL.format("search_web", 0, QJ)), [S], "I'll look that up."),
    ("kimi-k2", KIMI.format(KIMI_CALL.format("get_page", 0, "{}") + KIMI_CALL.format("search_web", 1, QJ)), [P, S], ""),
    # GLM-4.5 / 4.6 — vllm glm4_moe_tool_parser.py (newline after the name); GLM-4.7 has none
    ("hermes", "<tool_call>search_web\n<arg_key>query</arg_key>\n<arg_value>best kettle 2026</arg_value>\n</tool_call>", [S], ""),
    ("hermes", "Checking.\n<tool_call>get_page</tool_call>\n<tool_call>search_web<arg_key>query</arg_key><arg_value>best kettle 2026"
     "</arg_value></tool_call>", [P, S], "Checking."),
    ("hermes", "<tool_call>click_element\n<arg_key>index</arg_key>\n<arg_value>7</arg_value>\n</tool_call>", [("click_element", {"index": 7})], ""),
    # gpt-oss harmony — cookbook.openai.com/articles/openai-harmony ("Receiving tool calls")
    ("gpt-oss harmony", "<|channel|>analysis<|message|>Need to search the web.<|end|><|start|>assistant<|channel|>commentary "
     "to=functions.search_web <|constrain|>json<|message|>" + QJ + "<|call|>", [S], ""),
    ("gpt-oss harmony", "<|start|>assistant to=functions.search_web<|channel|>commentary json<|message|>" + QJ + "<|call|>", [S], ""),
    ("gpt-oss harmony", "<|channel|>commentary<|message|>Reading the page first.<|end|><|start|>assistant<|channel|>commentary "
     "to=functions.get_page <|constrain|>json<|message|>{}<|call|>", [P], "Reading the page first."),
    # IBM Granite 3.x — vllm granite_tool_parser.py; Phi-4-mini-instruct model card (<|tool_call|>…<|/tool_call|>)
    ("granite / phi-4-mini", '<|tool_call|>[{"name": "search_web", "arguments": ' + QJ + "}]", [S], ""),
    ("granite / phi-4-mini", '<|tool_call|>[{"name": "get_page", "arguments": {}}, {"name": "search_web", "arguments": ' + QJ
     + "}]<|/tool_call|><|end|>", [P, S], ""),
    # Phi-4-mini as vLLM's phi4_mini_json parser reads it; llama.cpp FireFunction v2 " functools[…]"
    ("phi-4-mini (vLLM) / firefunction", ' functools[{"name": "search_web", "arguments": ' + QJ + "}]", [S], ""),
    # Gemma 3 — ai.google.dev/gemma/docs/capabilities/function-calling (```tool_code blocks)
    ("gemma tool_code", 'I will search for that.\n```tool_code\nsearch_web(query="best kettle 2026")\n```', [S], "I will search for that."),
    ("gemma tool_code", '```tool_code\nprint(default_api.get_page())\nprint(default_api.search_web(query="best kettle 2026"))\n```',
     [P, S], ""),
    # FunctionGemma — google/functiongemma-270m-it model card
    ("function-gemma", "<start_function_call>call:search_web{query:<escape>best kettle 2026<escape>}<end_function_call>", [S], ""),
    # Functionary v3.2 — llama.cpp test-chat.cpp (">>>all\n…", ">>>special_function\n{…}")
    ("functionary-v3.2", '>>>all\nLet me call a tool\n>>>search_web\n' + QJ, [S], "Let me call a tool"),
    ("functionary-v3.2", '>>>get_page\n{}\n>>>search_web\n' + QJ, [P, S], ""),
    # Functionary v3.1 (Llama 3.1) — llama.cpp test-chat.cpp "<function=foo>{…}</function>"
    ("qwen3-coder / functionary-v3.1", "<function=search_web>" + QJ + "</function>", [S], ""),
    # Cohere Command-R — CohereForAI/c4ai-command-r-v01 tool-use template ("Action: ```json [...]```")
    ("command-r", 'Plan: I will search the web.\nAction: ```json\n[\n    {\n        "tool_name": "search_web",\n        '
     '"parameters": ' + QJ + "\n    }\n]\n```", [S], "Plan: I will search the web."),
    # Command R7B — llama.cpp test-chat.cpp (<|START_THINKING|>…<|START_ACTION|>[…]<|END_ACTION|>)
    ("command-r7b", "<|START_THINKING|>I need the page and a search.<|END_THINKING|><|START_ACTION|>[\n"
     '    {"tool_call_id": "0", "tool_name": "get_page", "parameters": {}},\n'
     '    {"tool_call_id": "1", "tool_name": "search_web", "parameters": ' + QJ + "}\n]<|END_ACTION|>", [P, S], ""),
    # xLAM — vllm xlam_tool_parser.py (a plain JSON array of calls, also after </think>)
    ("bare json / pythonic / xLAM", '[{"name": "get_page", "arguments": {}}, {"name": "search_web", "arguments": ' + QJ + "}]", [P, S], ""),
    ("bare json / pythonic / xLAM", "<think>Two calls needed.</think>\n[{\"name\": \"search_web\", \"arguments\": " + QJ + "}]", [S], ""),
    ("bare json / pythonic / xLAM", "I'll search for it.\n" + '{"name": "search_web", "parameters": ' + QJ + "}", [S], "I'll search for it."),
    # MiniMax-M2 — MiniMax-M2 docs/tool_calling_guide.md; vllm minimax_m2_tool_parser.py
    ("minimax-m2", '<think>Search it.</think>\n<minimax:tool_call>\n<invoke name="search_web">\n<parameter name="query">'
     'best kettle 2026</parameter>\n</invoke>\n<invoke name="get_page">\n</invoke>\n</minimax:tool_call>', [S, P], ""),
    # MiniMax-M1 — MiniMax-M1 docs/function_call_guide.md (JSON lines in <tool_calls>)
    ("minimax-m1 / jamba", '<tool_calls>\n{"name": "get_page", "arguments": {}}\n{"name": "search_web", "arguments": ' + QJ
     + "}\n</tool_calls>", [P, S], ""),
    # Mistral v11 tokenizer (Mistral Small 3.2, Devstral, Magistral) — vllm mistral_tool_parser.py
    ("mistral", "[TOOL_CALLS]get_page[ARGS]{}[TOOL_CALLS]search_web[ARGS]" + QJ + "</s>", [P, S], ""),
    # Llama 4 — vllm llama4_pythonic_tool_parser.py
    ("llama-4 pythonic", '<|python_start|>[get_page(), search_web(query="best kettle 2026")]<|python_end|>', [P, S], ""),
    # LFM2 — Liquid AI LFM2 model card
    ("lfm2", '<|tool_call_start|>[search_web(query="best kettle 2026")]<|tool_call_end|>', [S], ""),
    # Granite 20B FC — vllm granite_20b_fc_tool_parser.py
    ("granite-20b-fc", '<function_call> {"name": "get_page", "arguments": {}}\n<function_call> {"name": "search_web", "arguments": '
     + QJ + "}", [P, S], ""),
    # Seed-OSS — vllm seed_oss_tool_parser.py
    ("seed-oss", "<seed:think>search</seed:think><seed:tool_call>\n<function=search_web>\n<parameter=query>best kettle 2026"
     "</parameter>\n</function>\n</seed:tool_call>", [S], ""),
    # Nemotron — llama.cpp test-chat.cpp (<TOOLCALL>[…]</TOOLCALL>)
    ("nemotron", '<TOOLCALL>[{"name": "search_web", "arguments": ' + QJ + "}]</TOOLCALL>", [S], ""),
    # Olmo 3 — vllm olmo3_tool_parser.py (pythonic calls in <function_calls>)
    ("function_calls", '<function_calls>get_page()\nsearch_web(query="best kettle 2026")</function_calls>', [P, S], ""),
    # DeepSeek V3.2 DSML — DeepSeek-V3.2 encoding/encoding_dsv32.py
    ("deepseek-v3.2 dsml", '<｜DSML｜function_calls>\n<｜DSML｜invoke name="search_web">\n<｜DSML｜parameter name="query" string="true">'
     "best kettle 2026</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>", [S], ""),
    # Llama 3.1 built-in tool call form — Llama 3.1 model card (<|python_tag|>brave_search.call(query="…"))
    ("llama-3.x", '<|python_tag|>{"name": "search_web", "parameters": ' + QJ + "}<|eom_id|>", [S], ""),
    # Qwen3 — Hermes calls after a <think> block, two in one message
    ("hermes", "<think>\nI should read the page and search.\n</think>\n\n<tool_call>\n{\"name\": \"get_page\", \"arguments\": {}}\n"
     "</tool_call>\n<tool_call>\n{\"name\": \"search_web\", \"arguments\": " + QJ + "}\n</tool_call>", [P, S], ""),
    # --- several calls in one message, and variants
    # gpt-oss harmony: two calls, each its own message ending in <|call|>
    ("gpt-oss harmony", "<|channel|>commentary to=functions.get_page <|constrain|>json<|message|>{}<|call|>"
     "<|start|>assistant<|channel|>commentary to=functions.search_web <|constrain|>json<|message|>" + QJ + "<|call|>", [P, S], ""),
    # Functionary v3.2 when the prompt already ended in ">>>": the first segment has no ">>>"
    ("bare json / pythonic / xLAM", "search_web\n" + QJ, [S], ""),
    # Phi-4-mini / FireFunction: two calls in one list
    ("phi-4-mini (vLLM) / firefunction", 'functools[{"name": "get_page", "arguments": {}}, {"name": "search_web", "arguments": ' + QJ + "}]",
     [P, S], ""),
    # Command-R: two calls in one Action block
    ("command-r", 'Action: ```json\n[{"tool_name": "get_page", "parameters": {}}, {"tool_name": "search_web", "parameters": ' + QJ
     + "}]\n```", [P, S], ""),
    # Command-R's "no tool" pseudo-call is hidden, never run
    ("command-r", 'The kettle is $39.\nAction: ```json\n[{"tool_name": "directly_answer", "parameters": {}}]\n```', [], "The kettle is $39."),
    # Llama 3.x: two JSON calls after <|python_tag|>, ";"-separated
    ("llama-3.x", '<|python_tag|>{"name": "get_page", "parameters": {}}; {"name": "search_web", "parameters": ' + QJ + "}", [P, S], ""),
    # pythonic list after a <think> block (Llama 3.2 / 4 style)
    ("bare json / pythonic / xLAM", '<think>search</think>\n[get_page(), search_web(query="best kettle 2026")]', [P, S], ""),
    # Kimi K2 with the singular section token vLLM also accepts
    ("kimi-k2", "<|tool_call_section_begin|><|tool_call_begin|>functions.search_web:0<|tool_call_argument_begin|>" + QJ
     + "<|tool_call_end|><|tool_call_section_end|>", [S], ""),
    # GLM-4.6 with a JSON-typed argument value
    ("hermes", "<tool_call>click_element\n<arg_key>index</arg_key>\n<arg_value>3</arg_value>\n</tool_call>", [("click_element", {"index": 3})], ""),
    # DeepSeek R1 distill after its reasoning, then end-of-sentence
    ("deepseek-v3 / r1 / v3.1", "<think>need search</think>\n\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>search_web\n```json\n"
     + QJ + "\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>", [S], ""),
]


@pytest.mark.parametrize("dialect, output, calls, clean", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_dialect(dialect, output, calls, clean):
    assert dialect in {d.name for d in DIALECTS}
    found, _ = parse(output)
    assert [(c.name, c.arguments) for c in found] == calls
    assert all(not c.problems for c in found)
    assert sanitize(output) == clean


def test_every_dialect_has_a_case():
    assert {d.name for d in DIALECTS} - {"tabmate-xml", "fenced json", "invoke"} <= {c[0] for c in CASES}


@pytest.fixture
def mcp_tool():
    """An MCP server's tool, offered the way the MCP client offers them (issue 14)."""
    name = "mcp__web__search"
    tools.use_extra([tools.Tool(name, "Search (MCP).", "MCP search", tools.REGISTRY["search_web"].parameters)])
    yield name
    tools.use_extra([])


@pytest.mark.parametrize("output", [c[1] for c in CASES if S in c[2]], ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES) if S in c[2]])
def test_mcp_names_parse_in_every_dialect(mcp_tool, output):
    found, _ = parse(output.replace("search_web", mcp_tool))
    assert (mcp_tool, Q) in [(c.name, c.arguments) for c in found]
    assert all(not c.problems for c in found)


@pytest.mark.parametrize("text", [
    "| tool | arguments |\n|---|---|\n| search_web | {query: string} |",
    "Python:\n```python\nsearch_web(query=\"x\")\n```",
    "In the REPL:\n\n>>> print({'a': 1})\n{'a': 1}",
    "> > > nested quote\n>>>all of it",
    "Prices [1] and [2] are [roughly] equal; see [TOOLS] and [link](https://a.example).",
    "Action: compare the two kettles, then decide.",
    "Template example:\n```\n<|im_start|>user\nhi<|im_end|>\n```",
    'The JSON is `{"name": "search_web", "arguments": {}}`.',
    'Example:\n```json\n[{"name": "Alice", "arguments": "x"}]\n```',
    "Use functools.partial(f, 1) and call(x) freely.",
    "Generic: Map<String, List<Integer>> and a <|b c.",
    '```tool_call_notes\n{"name": "search_web", "arguments": {}}\n```',
])
def test_negatives_stay_untouched(text):
    assert parse(text)[0] == []
    assert sanitize(text) == text


@pytest.mark.parametrize("raw, clean", [
    ("The kettle costs $39.<|im_end|>", "The kettle costs $39."),
    ("<|im_start|>assistant\nIt boils in 3 minutes.<|im_end|>\n<|im_start|>user\nAnd the price?", "It boils in 3 minutes."),
    ("<|start_header_id|>assistant<|end_header_id|>\n\nIt is $39.<|eot_id|>", "It is $39."),
    ("It is $39.<｜end▁of▁sentence｜>", "It is $39."),
    ("<｜Assistant｜>It is $39.<｜end▁of▁sentence｜><｜User｜>thanks", "It is $39."),
    ("<|channel|>analysis<|message|>User asks price.<|end|><|start|>assistant<|channel|>final<|message|>It is $39.<|return|>",
     "It is $39."),
    ("<|channel|>analysis<|message|>Still thinking about it", ""),
    ("It is $39.[TOOL_CALLS]", "It is $39."),
    ("It is <|python_tag|>", "It is"),
    ("<start_of_turn>model\nIt is $39.<end_of_turn>", "It is $39."),
    ("<|START_THINKING|>price?<|END_THINKING|><|START_RESPONSE|>It is $39.<|END_RESPONSE|>", "It is $39."),
    ("[THINK]price?[/THINK]It is $39.</s>", "It is $39."),
    ("<|start_of_role|>assistant<|end_of_role|>It is $39.<|end_of_text|>", "It is $39."),
    ("It is $39.\n<|tool_calls_section_begin|>", "It is $39."),
    ("Before <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>", "Before"),
    ("It is $39.<|assistant|>", "It is $39."),
    ("Sure: <|channel|>commentary to=functions.nope <|constrain|>json<|message|>{", "Sure:"),
    # templates' role headers: Llama 4, Kimi K2, GLM (a tool turn it invented), Seed-OSS, MiniMax-M2
    ("<|header_start|>assistant<|header_end|>\n\nIt is $39.<|eot|>", "It is $39."),
    ("<|im_assistant|>assistant<|im_middle|>It is $39.<|im_end|><|im_user|>user<|im_middle|>ok", "It is $39."),
    ('It is $39.<|observation|>\n{"price": 12}', "It is $39."),
    ("<seed:bos>assistant\nIt is $39.<seed:eos><seed:bos>user\nthanks", "It is $39."),
    ("]~b]ai\nIt is $39.[e~[\n]~b]user\nthanks", "It is $39."),
])

def test_control_tokens_never_shown(raw, clean):
    assert sanitize(raw) == clean


@pytest.mark.parametrize("text, clean", [
    ('<think>I could call <tool_call>{"name": "get_page", "arguments": {}}</tool_call> but no.</think>It is 4.', "It is 4."),
    ("<|channel|>analysis<|message|>Maybe <|channel|>commentary to=functions.get_page json<|message|>{}", ""),
    ('It is 4.<|im_end|>\n<|im_start|>user\n<tool_call>{"name": "get_page", "arguments": {}}</tool_call>', "It is 4."),
])
def test_calls_in_reasoning_or_an_invented_turn_never_count(text, clean):
    assert parse(text)[0] == []
    assert sanitize(text) == clean


# ------------------------------------------------------------------ through the agent, streamed in small pieces
RAW_MARKERS = ("<|", "<｜", "|>", "｜>", "[TOOL_CALLS]", "[ARGS]", ">>>", "<tool_call", "<minimax", "functools", "Action:",
               "tool_code", "<start_of_turn", "<end_of_turn", "</s>")


@pytest.mark.parametrize("case", [c for c in CASES if S in c[2] and len(c[2]) == 1], ids=lambda c: c[0])
async def test_streamed_calls_run_and_no_token_shows(fake_provider, services, case):
    from tests.agent.script import Sidebar, chat, run, say

    _, output, _, clean = case
    fake_provider.add(say(output, pieces=max(1, len(output) // 3)),
                      say("<|start|>assistant<|channel|>final<|message|>Kettles: the Fellow Stagg is best.<|return|>", pieces=20))
    side = Sidebar(tools={"search_web": {"url": "https://s.example/", "title": "Results", "text": "Stagg"}})
    out = await run(chat("best kettle?", {"url": "https://a.example/", "title": "A", "text": "kettles"}), side, services)
    assert [(r["tool"], r["args"]) for r in side.of("tool_request")] == [S]
    assert out.text == "Kettles: the Fellow Stagg is best."
    shown = side.streamed()
    assert not any(m in shown for m in RAW_MARKERS), shown
    assert "Kettles: the Fellow Stagg is best." in shown and (clean in shown)


@pytest.mark.parametrize("raw, clean", [
    ("The kettle costs $39.<|im_end|>", "The kettle costs $39."),
    ("<|channel|>analysis<|message|>User asks price.<|end|><|start|>assistant<|channel|>final<|message|>It is $39.<|return|>",
     "It is $39."),
    ("<think>price?</think>It is <b>$39</b>.<｜end▁of▁sentence｜>", "It is <b>$39</b>."),
    ("It is $39.\n<|im_start|>user\nthanks<|im_end|>", "It is $39."),
])
async def test_streamed_answer_never_shows_tokens(fake_provider, services, raw, clean):
    from tests.agent.script import Sidebar, chat, run, say

    fake_provider.add(say(raw, pieces=len(raw)))  # one character per delta: tokens arrive split
    side = Sidebar()
    out = await run(chat("price?"), side, services)
    assert out.text == clean
    assert side.streamed().strip() == clean


@pytest.mark.parametrize("text", [
    "Para one.\n\nPara `two` <|im_end|>\n\n```py\nx = 1\n\n\ny = 2\n```\n\n<think>a\n\nb</think>Done.<|eot_id|>\n\nEnd.",
    "<|channel|>analysis<|message|>think\n\nmore<|end|><|start|>assistant<|channel|>final<|message|>A\n\nB<|return|>",
    *[c[1] for c in CASES[:12]],
])
def test_stream_view_matches_the_whole_view_at_every_step(text):
    from native_host.toolcalls import StreamView, visible

    view = StreamView()
    for i in range(1, len(text) + 1):
        assert view(text[:i]) == visible(text[:i])
