package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a soft-deleting child of Depot (cascade soft-deletes it) with hard-deleted items. */
@FxModel(softDelete = SoftDelete.FLAG)
public class Crate extends BaseModel {

    @Fx("onDelete:cascade")
    private String depotId;

    public String getDepotId() { return depotId; }
    public void setDepotId(String depotId) { this.depotId = depotId; }
}
