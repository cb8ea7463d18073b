package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.pipeline.FxModelMiddleware;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.pipeline.WidgetAuditMiddleware;

/** A small model for pipeline tests, with one per-model middleware. */
@FxModel
@FxModelMiddleware(step = Step.SERVICE, value = WidgetAuditMiddleware.class)
public class Widget extends BaseModel {

    @Fx("required, filterable")
    private String name;
    @Fx("filterable")
    private String owner;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getOwner() { return owner; }
    public void setOwner(String owner) { this.owner = owner; }
}
