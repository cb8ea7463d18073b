package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a child of Hub with onDelete:noAction, enforced by a foreign key. */
@FxModel
public class Latch extends BaseModel {

    @Fx("onDelete:noAction")
    private String hubId;

    public String getHubId() { return hubId; }
    public void setHubId(String hubId) { this.hubId = hubId; }
}
