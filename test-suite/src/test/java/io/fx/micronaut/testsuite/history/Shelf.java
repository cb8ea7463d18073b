package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** History test model: not versioned; deleting one nulls its chronicles' {@code shelf_id}, an update entry each. */
@FxModel(table = "shelves")
public class Shelf extends BaseModel {

    private String label;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
}
