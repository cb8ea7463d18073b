package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a hard-deleting child of the soft-deleting Depot with onDelete:restrict, enforced by the framework. */
@FxModel
public class Seal extends BaseModel {

    @Fx("onDelete:restrict")
    private String depotId;

    public String getDepotId() { return depotId; }
    public void setDepotId(String depotId) { this.depotId = depotId; }
}
