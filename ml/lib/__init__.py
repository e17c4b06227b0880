"""Helpers shared by every training script: metrics.py (ROC-AUC, average precision, ECE)."""
