package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** History test model whose writes fail when their history row cannot be written ({@code versionedRequired}). */
@FxModel(versioned = true, versionedRequired = true)
public class Strongbox extends BaseModel {

    private String label;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
}
