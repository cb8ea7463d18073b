package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a parent where neither side soft-deletes, so foreign keys enforce the actions. */
@FxModel
public class Hub extends BaseModel {

    @Fx("required")
    private String name;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
}
