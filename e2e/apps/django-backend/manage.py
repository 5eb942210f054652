#!/usr/bin/env python
"""The partner's Django project around docs/server-rendered.md's app (signing/, written in by the e2e suite)."""
import os
import sys

if __name__ == '__main__':
    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'partner.settings')
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
