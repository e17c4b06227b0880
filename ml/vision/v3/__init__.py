"""Vision v3/v4: conversion of the ImageNet MobileNetV2, fine-tuning, reports, export (docs/vision-v3.md)."""
