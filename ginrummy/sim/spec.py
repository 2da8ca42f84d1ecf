"""An agent of a match by registry name, with the parameters of its factory."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ginrummy.agents.base import Agent
from ginrummy.agents.registry import make_agent


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """An agent by registry name, with the keyword parameters of its factory.

    >>> AgentSpec.parse('expert:danger_weight=4,style="safe",eager=true')
    AgentSpec(name='expert', params=(('danger_weight', 4), ('style', 'safe'), ('eager', True)))
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> AgentSpec:
        """Read ``name`` or ``name:key=value,key=value``; a value is read as JSON
        (numbers, true/false, null, quoted strings), else kept as text."""
        name, _, rest = text.strip().partition(":")
        params: list[tuple[str, Any]] = []
        for item in filter(None, (part.strip() for part in rest.split(","))):
            key, equals, value_text = item.partition("=")
            if not equals or not key.strip().isidentifier():
                raise ValueError(f"agent {text!r}: parameter {item!r} is not key=value")
            value: Any
            try:
                value = json.loads(value_text)
            except json.JSONDecodeError:
                value = value_text
            params.append((key.strip(), value))
        return cls(name, tuple(params))

    def make(self, seed: int) -> Agent:
        return make_agent(self.name, seed, **dict(self.params))

    def __str__(self) -> str:
        """As :meth:`parse` reads it."""
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={json.dumps(v)}" for k, v in self.params)
