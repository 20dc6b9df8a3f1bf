"""Stream rollouts from a training or evaluation run into Environment Studio (standard library only)."""

from .live_run import ItemError, LiveRun, StudioError

__all__ = ["ItemError", "LiveRun", "StudioError"]
