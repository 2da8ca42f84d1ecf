"""A live table as a value (docstring written below)."""
