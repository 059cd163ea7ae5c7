"""The command line's help in Spanish (issue 37): ``canasta --help``, ``canasta <command> --help``
and ``canasta`` alone, with ``--lang es`` or a Spanish terminal, say every command, option and
argument, the panels' titles, ``Usage:`` and the value words from the catalogue; English is as Typer
writes it. Every help of the command tree has a key, and every key a Spanish entry."""

from __future__ import annotations

import typer.main
from typer.testing import CliRunner

from canasta.cli import app
from canasta.cli_help import help_texts
from canasta.i18n import HERE
from canasta.translate import read, sources

runner = CliRunner()
ENV = {"COLUMNS": "80", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}


def help_of(*args: str, lang: str = "C") -> str:
    result = runner.invoke(app, list(args), env={**ENV, "LANG": lang})
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.replace("│", " ").split())  # the words, as one line


# written by hand from the Spanish catalogue's style (tú, computadora), not copied from the output
GROUP_ES = ["Uso: canasta [OPCIONES] COMANDO [ARGUMENTOS]...", "Opciones", "Comandos",
            "Muestra esta ayuda y sale.", "Muestra la versión y si el motor está compilado.",
            "Pone en marcha el servidor de canasta del club",
            "Lleva la planilla de una partida con cartas de verdad"]
SERVE_ES = ["Uso: canasta serve [OPCIONES]", "Opciones", "Puerto donde escucha.", "[por defecto: 8000]",
            "Dirección donde escucha (0.0.0.0: todas las redes).", "[variable de entorno: CANASTA_DB]",
            "--port <entero>", "[1<=x<=65535]", "--lang IDIOMA", "Muestra esta ayuda y sale."]
ENGLISH_WORDS = ["Usage:", "Options", "Commands", "Show this message", "Port to listen on", "[default:",
                 "Language of what is shown", "Arguments", "[required]", "<str>", "<int>"]


def test_the_groups_help_is_spanish_with_lang_es() -> None:
    for said in (help_of("--help", "--lang", "es"), help_of("--lang", "es", "--help"),
                 help_of("--help", lang="es_AR.UTF-8"), help_of(lang="es_AR.UTF-8")):
        for phrase in GROUP_ES:
            assert phrase in said
        for word in ENGLISH_WORDS:
            assert word not in said


def test_a_commands_help_is_spanish() -> None:
    for said in (help_of("serve", "--help", "--lang", "es"), help_of("--lang", "es", "serve", "--help"),
                 help_of("serve", "--help", lang="es_ES.UTF-8")):
        for phrase in SERVE_ES:
            assert phrase in said
        for word in ENGLISH_WORDS:
            assert word not in said
    replay = help_of("replay", "--help", "--lang", "es")
    assert "Uso: canasta replay [OPCIONES] {REGISTRO.json}" in replay
    assert "Argumentos" in replay and "[obligatorio]" in replay and "<texto>" in replay
    score = help_of("score", "add", "--help", "--lang", "es")
    assert "Uso: canasta score add [OPCIONES]" in score
    assert "El archivo de la planilla (JSON)." in score


def test_english_is_as_typer_writes_it_after_a_spanish_help() -> None:
    """Typer's words are module constants: a Spanish help must not leave them Spanish."""
    help_of("serve", "--help", "--lang", "es")
    said = help_of("serve", "--help")
    for phrase in ("Usage: canasta serve [OPTIONS]", "Options", "Port to listen on.", "[default: 8000]",
                   "--port <int range>", "[1<=x<=65535]", "--lang LANG", "Show this message and exit.",
                   "[env var: CANASTA_DB]"):
        assert phrase in said
    assert "Muestra" not in said and "Opciones" not in said
    assert help_of("serve", "--help", "--lang", "en") == said
    group = help_of("--help")
    assert "Usage: canasta [OPTIONS] COMMAND [ARGS]..." in group and "Commands" in group


def test_every_help_has_a_key_and_every_key_a_spanish_entry() -> None:
    """A new option's help reaches the template by itself (``translate update``), and the Spanish
    catalogue has every one of them, filled and not fuzzy."""
    texts = help_texts(typer.main.get_command(app))
    template = sources()
    assert set(texts) <= set(template)
    root = typer.main.get_command(app)
    stack = [("canasta", root)]
    while stack:
        path, cmd = stack.pop()
        assert f"cli.help.{path}" in texts
        for p in cmd.params:
            if p.help:
                assert f"cli.help.{path}.{p.name}" in texts
        for name, sub in getattr(cmd, "commands", {}).items():
            stack.append((name if path == "canasta" else f"{path}.{name}", sub))
    spanish = {m.context: m for m in read(HERE / "es.po", "es") if m.context}
    for key, english in texts.items():
        m = spanish.get(key)
        assert m is not None and m.string and not m.fuzzy, key
        if len(english) > 20:  # a sentence, not a word such as "<int>" or "LANG"
            assert m.string != english, key


def test_canasta_lang_es_alone_shows_the_spanish_help() -> None:
    for args in (["--lang", "es"], ["--lang=es"]):
        said = help_of(*args)
        assert "Uso: canasta [OPCIONES] COMANDO [ARGUMENTOS]..." in said and "Comandos" in said


COMMANDS = [[], ["variants"], ["rules"], ["simulate"], ["match"], ["record"], ["replay"], ["play"],
            ["tournament"], ["verify"], ["serve"], ["backup"], ["restore"], ["score"], ["score", "new"],
            ["score", "add"], ["score", "fix"], ["score", "csv"]]


def test_the_pseudo_locale_help_has_no_plain_english() -> None:
    """Every word of every help wrapped and accented in the pseudo-locale: no word of the help is
    outside the catalogue (the next language needs no code)."""
    root = typer.main.get_command(app)
    english = [t for t in help_texts(root).values() if len(t) > 12 and "<" not in t]
    for args in COMMANDS:
        said = help_of(*args, "--help", "--lang", "en-XA")
        for word in ENGLISH_WORDS:
            assert word not in said, (args, word)
        for text in english:
            assert " ".join(text.split())[:30] not in said, (args, text)
