"""Scenario files shipped with armistice, one folder per rule system."""
