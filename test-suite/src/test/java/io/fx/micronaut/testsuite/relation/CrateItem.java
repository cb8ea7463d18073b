package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: a hard-deleting grandchild of Depot through Crate (cascade). */
@FxModel
public class CrateItem extends BaseModel {

    @Fx("onDelete:cascade")
    private String crateId;

    public String getCrateId() { return crateId; }
    public void setCrateId(String crateId) { this.crateId = crateId; }
}
