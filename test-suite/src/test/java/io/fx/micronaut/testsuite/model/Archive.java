package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

import java.time.Instant;

/** Soft delete by timestamp on a marker column the class declares under its own name. */
@FxModel(softDelete = SoftDelete.TIMESTAMP, softDeleteField = "removed_at")
public class Archive extends BaseModel {

    @Fx("required, filterable")
    private String label;
    private Instant removedAt;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
    public Instant getRemovedAt() { return removedAt; }
    public void setRemovedAt(Instant removedAt) { this.removedAt = removedAt; }
}
