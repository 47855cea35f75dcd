"""Checks action.yml as far as anything but GitHub can (see github-action.sh).

1. Its structure: Tests/EndToEnd/schemas/github-action.schema.json (composite action metadata).
2. What the schema cannot say: every `inputs.X` used is declared and every declared input used;
   every `steps.ID.outputs.NAME` names an earlier step that sets NAME; no `${{ }}` inside a
   script (inputs reach scripts through `env:` only); every script is bash, starts with
   `set -`, and passes `bash -n`; actions are pinned to a major version; the README's workflow
   uses the action with declared inputs only.
3. Its steps, run in order as the runner would on Linux: expressions in `env:`, `with:` and `if:`
   evaluated (a small evaluator for the operators the file uses), `GITHUB_OUTPUT` and
   `GITHUB_PATH` files per step, `actions/cache` stood in for by a folder (restore by key, save
   after the job), `github/codeql-action/upload-sarif` by a check that the file is SARIF 2.1.0.
   Scenarios: a first run builds cardc (release) and passes on a clean deck; a second run
   restores it without building, annotates a broken deck, fails, and still uploads SARIF;
   `strict` fails on a warning that a baseline then hides.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml

root = sys.argv[1]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


with open(os.path.join(root, "action.yml"), encoding="utf-8") as f:
    action = yaml.safe_load(f)
with open(os.path.join(root, "Tests", "EndToEnd", "schemas", "github-action.schema.json"), encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
errors = [f"{list(e.path)}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(action)]
if check(not errors, f"action.yml against the schema: {errors}"):
    print(f"structure: valid against the composite action schema ({len(action['runs']['steps'])} steps)")

# 2. What the schema cannot say.
steps = action["runs"]["steps"]
inputs = action.get("inputs", {})
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}")
used_inputs, seen_ids, sets = set(), [], {}


def references(text):
    return re.findall(r"\binputs\.([A-Za-z0-9_-]+)", text), re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", text)


def check_references(text, where, earlier):
    names, outputs = references(text)
    for name in names:
        used_inputs.add(name)
        check(name in inputs, f"{where}: inputs.{name} is not declared")
    for step, output in outputs:
        check(step in earlier, f"{where}: steps.{step} is not an earlier step")
        if step in sets:
            check(output in sets[step], f"{where}: steps.{step} does not set {output}")


for index, step in enumerate(steps):
    where = f"step {index + 1} ({step.get('name', step.get('id', ''))})"
    if "run" in step:
        script = step["run"]
        check(step.get("shell") == "bash", f"{where}: shell is not bash")
        check("${{" not in script, f"{where}: an expression inside the script (pass it through env:)")
        check(script.lstrip().startswith("#") or script.lstrip().startswith("set -"), f"{where}: the script does not start with set -")
        syntax = subprocess.run(["bash", "-n"], input=script, text=True, capture_output=True)
        check(syntax.returncode == 0, f"{where}: bash -n: {syntax.stderr.strip()}")
        if "id" in step:
            sets[step["id"]] = set(re.findall(r'echo "([A-Za-z0-9_-]+)=[^"]*" >> "\$GITHUB_OUTPUT"', script))
    else:
        check(re.search(r"@v[0-9]+$", step["uses"]) is not None, f"{where}: {step['uses']} is not pinned to a major version")
        if "id" in step:
            sets[step["id"]] = {"cache-hit"} if step["uses"].startswith("actions/cache@") else set()
    for key in ("env", "with"):
        for name, value in (step.get(key) or {}).items():
            check_references(str(value), f"{where} {key}.{name}", seen_ids)
    check_references(step.get("if", ""), f"{where} if", seen_ids)
    if "id" in step:
        check(step["id"] not in seen_ids, f"{where}: id {step['id']} is used twice")
        seen_ids.append(step["id"])
for name, output in action.get("outputs", {}).items():
    check_references(output["value"], f"output {name}", seen_ids)
check(used_inputs == set(inputs), f"inputs declared but never used: {sorted(set(inputs) - used_inputs)}")

readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
workflows = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", readme, re.S) if "jobs:" in block]
action_steps = [s for w in workflows for job in w["jobs"].values() for s in job["steps"] if "cardc@" in s.get("uses", "")]
check(action_steps, "README.md has no workflow that uses the action")
for s in action_steps:
    for name in s.get("with", {}):
        check(name in inputs, f"README.md's workflow passes {name}, which action.yml does not declare")
if not failures:
    print(f"references: {len(inputs)} inputs all declared and used, step outputs set before use, scripts pass bash -n, "
          f"the README's workflow uses the action with declared inputs")


# 3. The steps, run as the runner would.
class Expression:
    """GitHub's expression language, the part action.yml uses: literals, contexts, ==, !=, !,
    &&, ||, parentheses and the status functions."""

    TOKEN = re.compile(r"\s*(?:(\|\||&&|==|!=|!|\(|\))|'((?:[^']|'')*)'|([A-Za-z_][A-Za-z0-9_.-]*\(\))|([A-Za-z_][A-Za-z0-9_.-]*))")

    def __init__(self, text, contexts, status):
        self.tokens, position = [], 0
        text = text.strip()
        while position < len(text):
            match = self.TOKEN.match(text, position)
            if not match or match.end() == position:
                raise ValueError(f"cannot read expression {text!r} at {position}")
            self.tokens.append(match.groups())
            position = match.end()
        self.contexts, self.status, self.position = contexts, status, 0

    def value(self):
        result = self.disjunction()
        if self.position != len(self.tokens):
            raise ValueError("trailing tokens")
        return result

    def peek(self):
        return self.tokens[self.position][0] if self.position < len(self.tokens) else None

    def disjunction(self):
        left = self.conjunction()
        while self.peek() == "||":
            self.position += 1
            right = self.conjunction()
            left = left if self.truthy(left) else right
        return left

    def conjunction(self):
        left = self.comparison()
        while self.peek() == "&&":
            self.position += 1
            right = self.comparison()
            left = right if self.truthy(left) else left
        return left

    def comparison(self):
        left = self.unary()
        while self.peek() in ("==", "!="):
            operator = self.peek()
            self.position += 1
            right = self.unary()
            equal = str(left).lower() == str(right).lower()
            left = equal if operator == "==" else not equal
        return left

    def unary(self):
        if self.peek() == "!":
            self.position += 1
            return not self.truthy(self.unary())
        if self.peek() == "(":
            self.position += 1
            result = self.disjunction()
            self.position += 1
            return result
        operator, literal, function, path = self.tokens[self.position]
        self.position += 1
        if literal is not None:
            return literal.replace("''", "'")
        if function:
            return {"always()": True, "success()": self.status, "failure()": not self.status, "cancelled()": False}[function]
        value = self.contexts
        for part in path.split("."):
            value = value.get(part, "") if isinstance(value, dict) else ""
        return value

    @staticmethod
    def truthy(value):
        return value not in ("", False, 0, None)


def substitute(text, contexts, status=True):
    return EXPRESSION.sub(lambda m: str(Expression(m.group(1), contexts, status).value()), str(text))


def run_action(workspace, values, cache, runner_temp):
    """Runs the action's steps in `workspace`; returns (succeeded, outputs, stdout, what ran)."""
    contexts = {"inputs": {name: spec.get("default", "") for name, spec in inputs.items()},
                "github": {"action_path": root, "workspace": workspace},
                "runner": {"os": "Linux", "arch": "X64", "temp": runner_temp}, "steps": {}}
    contexts["inputs"].update(values)
    succeeded, ran, output, path_additions, saves = True, [], "", [], []
    for step in steps:
        condition = step.get("if", "success()")
        if not Expression.truthy(Expression(condition, contexts, succeeded).value()):
            continue
        name = step.get("id") or step.get("name")
        ran.append(name)
        outputs = {}
        if "run" in step:
            env = dict(os.environ, RUNNER_OS="Linux", RUNNER_ARCH="X64", RUNNER_TEMP=runner_temp, GITHUB_WORKSPACE=workspace)
            env["PATH"] = os.pathsep.join(path_additions + [env["PATH"]])
            with tempfile.NamedTemporaryFile("r", delete=False) as out_file, tempfile.NamedTemporaryFile("r", delete=False) as path_file:
                env["GITHUB_OUTPUT"], env["GITHUB_PATH"] = out_file.name, path_file.name
            for key, value in (step.get("env") or {}).items():
                env[key] = substitute(value, contexts, succeeded)
            result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                    cwd=workspace, env=env, capture_output=True, text=True)
            output += result.stdout + result.stderr
            for line in open(env["GITHUB_OUTPUT"]).read().splitlines():
                key, _, value = line.partition("=")
                outputs[key] = value
            path_additions = [line for line in open(env["GITHUB_PATH"]).read().splitlines()] + path_additions
            os.unlink(env["GITHUB_OUTPUT"]); os.unlink(env["GITHUB_PATH"])
            if result.returncode != 0:
                succeeded = False
        elif step["uses"].startswith("actions/cache@"):
            arguments = {k: substitute(v, contexts, succeeded) for k, v in step["with"].items()}
            stored = os.path.join(cache, arguments["key"])
            if os.path.isdir(stored):
                shutil.rmtree(arguments["path"], ignore_errors=True)
                shutil.copytree(stored, arguments["path"])
                outputs["cache-hit"] = "true"
            else:
                outputs["cache-hit"] = "false"
                saves.append((arguments["path"], stored))
        elif step["uses"].startswith("github/codeql-action/upload-sarif@"):
            arguments = {k: substitute(v, contexts, succeeded) for k, v in step["with"].items()}
            with open(arguments["sarif_file"], encoding="utf-8") as f:
                sarif = json.load(f)
            check(sarif.get("version") == "2.1.0" and sarif.get("runs"), "the uploaded file is not SARIF 2.1.0")
            outputs["uploaded"] = str(len(sarif["runs"][0]["results"]))
        else:
            failures.append(f"no stand-in for {step['uses']}")
        if "id" in step:
            contexts["steps"][step["id"]] = {"outputs": outputs}
    # actions/cache saves in its post step, when the job succeeded.
    if succeeded:
        for path, stored in saves:
            if os.path.isdir(path):
                shutil.copytree(path, stored)
    declared = {name: substitute(spec["value"], contexts) for name, spec in action.get("outputs", {}).items()}
    return succeeded, declared, output, ran, contexts["steps"]


CLEAN = "card Budget {\n  model {\n    spent: 0.62\n  }\n  bar(percent: $spent)\n}\n"
WARNING = "card Later {\n  button(\"Soon\")\n}\n"
BROKEN = "card Broken: shadow(color: .lightGray, radius: 10) {\n  text(\"x\")\n}\n"

with tempfile.TemporaryDirectory() as scratch:
    cache = os.path.join(scratch, "cache")
    os.makedirs(cache)
    workspace = os.path.join(scratch, "workspace")
    os.makedirs(os.path.join(workspace, "Cards"))
    with open(os.path.join(workspace, "Cards", "budget.cards"), "w") as f:
        f.write(CLEAN)

    temp = tempfile.mkdtemp(dir=scratch)
    succeeded, outputs, log, ran, _ = run_action(workspace, {"paths": "Cards"}, cache, temp)
    if check(succeeded, f"first run on a clean deck failed:\n{log}"):
        check("Build cardc" in ran, f"the first run did not build cardc: {ran}")
        check(outputs["exit-code"] == "0", f"exit-code {outputs['exit-code']}")
        check(outputs["cardc-path"].endswith("/cardc-bin/cardc"), f"cardc-path {outputs['cardc-path']}")
        check(os.listdir(cache), "the built cardc was not saved in the cache")
        if not failures:
            print(f"run 1: built cardc, cached it, checked a clean deck: passed (steps: {', '.join(ran)})")

    # Each job has a new runner temp: the binary comes from the cache.
    with open(os.path.join(workspace, "Cards", "broken.cards"), "w") as f:
        f.write(BROKEN)
    before = len(failures)
    temp = tempfile.mkdtemp(dir=scratch)
    succeeded, outputs, log, ran, step_outputs = run_action(workspace, {"paths": "Cards", "upload-sarif": "true"}, cache, temp)
    check(not succeeded, "a broken deck passed")
    check("Build cardc" not in ran, f"the second run built cardc again: {ran}")
    check(step_outputs.get("cache", {}).get("outputs", {}).get("cache-hit") == "true", "the second run missed the cache")
    check(outputs["exit-code"] == "1", f"exit-code {outputs['exit-code']}")
    check("::error file=Cards/broken.cards,line=1,col=14,endLine=1,endColumn=20,title=E501::trait `shadow` is missing" in log,
          f"no annotation for the E501:\n{log}")
    check("Upload SARIF to code scanning" in ran, f"SARIF was not uploaded after the failure: {ran}")
    if len(failures) == before:
        print(f"run 2: cardc restored from the cache (no build), E501 annotated, the step failed, SARIF uploaded anyway")

    before = len(failures)
    os.unlink(os.path.join(workspace, "Cards", "broken.cards"))
    with open(os.path.join(workspace, "Cards", "later.cards"), "w") as f:
        f.write(WARNING)
    temp = tempfile.mkdtemp(dir=scratch)
    succeeded, outputs, log, ran, _ = run_action(workspace, {"paths": "Cards", "strict": "true", "sarif-file": "cards.sarif"}, cache, temp)
    check(not succeeded and outputs["exit-code"] == "1", f"strict passed with a warning: {outputs}")
    check("::warning file=Cards/later.cards" in log, "no annotation for the W105")
    check(os.path.isfile(os.path.join(workspace, "cards.sarif")), "sarif-file was not written in the workspace")
    cardc = os.path.join(temp, "cardc-bin", "cardc")
    subprocess.run([cardc, "check", "--write-baseline", "cardc-baseline.json", "Cards"], cwd=workspace, check=True, capture_output=True)
    temp = tempfile.mkdtemp(dir=scratch)
    succeeded, outputs, log, ran, _ = run_action(workspace, {"paths": "Cards", "strict": "true", "baseline": "cardc-baseline.json"}, cache, temp)
    check(succeeded and outputs["exit-code"] == "0", f"the baselined warning still failed:\n{log}")
    if len(failures) == before:
        print("run 3-4: strict fails on a warning; with a baseline recording it, passes")

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print("github-action: passed (what GitHub itself does — the runner, actions/cache's service, code scanning — is stood in for)")
