package io.fx.micronaut.testsuite.testkit;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** Test-support model (registered through spec.models by {@link TestSupportTest} only): the parent of a {@link KitPart}. */
@Introspected
public class Kit extends BaseModel {
    @Fx("required, unique, filterable")
    private String name;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
}
