package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a hard-deleting child of the soft-deleting Depot with onDelete:setNull, enforced by the framework. */
@FxModel
public class Sticker extends BaseModel {

    @Fx("onDelete:setNull")
    private String depotId;

    public String getDepotId() { return depotId; }
    public void setDepotId(String depotId) { this.depotId = depotId; }
}
