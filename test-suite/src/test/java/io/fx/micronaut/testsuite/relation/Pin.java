package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a child of Hub with onDelete:setNull, enforced by a foreign key. */
@FxModel
public class Pin extends BaseModel {

    @Fx("onDelete:setNull")
    private String hubId;

    public String getHubId() { return hubId; }
    public void setHubId(String hubId) { this.hubId = hubId; }
}
