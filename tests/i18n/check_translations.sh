#!/usr/bin/env bash
# Fails when a visible string of the app has no Chinese translation: runs lupdate over app/ into a
# copy of the committed .ts and counts the messages left unfinished (vanished ones don't count).
# usage: check_translations.sh LUPDATE APP_SOURCE_DIR TS_FILE
set -euo pipefail
lupdate=$1
sources=$2
ts=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$ts" "$work/check.ts"
# Includes are written from the project root ("app/...", "core/..."): lupdate needs it to resolve
# the namespaces of the classes whose tr() it reads.
"$lupdate" -silent -locations none -recursive "$sources" -I "$sources/.." -ts "$work/check.ts"
python3 - "$work/check.ts" <<'PY'
import sys
import xml.etree.ElementTree as ET

missing = []
for context in ET.parse(sys.argv[1]).getroot().findall("context"):
    name = context.find("name").text
    for message in context.findall("message"):
        translation = message.find("translation")
        kind = translation.get("type")
        if kind in ("vanished", "obsolete"):
            continue
        text = "".join(translation.itertext()).strip()
        if kind == "unfinished" or not text:
            missing.append(f"{name}: {message.find('source').text!r}")
for m in missing:
    print("untranslated:", m)
print(f"{len(missing)} untranslated visible strings")
sys.exit(1 if missing else 0)
PY
