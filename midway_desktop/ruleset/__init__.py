"""Reading rulesets: YAML through safe loading only, errors that name file, line and problem."""

from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.locate import ruleset_dir, rulesets_root
from midway_desktop.ruleset.yamlio import Node, load_yaml

__all__ = ["Node", "RulesetError", "load_yaml", "ruleset_dir", "rulesets_root"]
