import os
import sys

# tests import the naive twins as `reference`
sys.path.insert(0, os.path.dirname(__file__))
