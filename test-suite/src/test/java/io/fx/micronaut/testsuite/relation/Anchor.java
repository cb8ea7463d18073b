package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a child of Hub with onDelete:restrict, enforced by a foreign key. */
@FxModel
public class Anchor extends BaseModel {

    @Fx("onDelete:restrict")
    private String hubId;

    public String getHubId() { return hubId; }
    public void setHubId(String hubId) { this.hubId = hubId; }
}
