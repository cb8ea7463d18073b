package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a soft-deleting parent, so the framework enforces the actions of its children. */
@FxModel(softDelete = SoftDelete.TIMESTAMP)
public class Depot extends BaseModel {

    @Fx("required")
    private String name;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
}
