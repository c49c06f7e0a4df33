import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # nexo_device
sys.path.insert(0, HERE)  # harness
