"""Training, calibration and studies (not served): ml/vision, ml/text, ml/lib. Run scripts as modules from the repository root (python3 -m ml.vision.v3.<script>)."""
