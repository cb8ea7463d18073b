package io.fx.micronaut.testsuite.testkit;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** Test-support model (registered through spec.models by {@link TestSupportTest} only): a part of a required {@link Kit}. */
@Introspected
public class KitPart extends BaseModel {
    @Fx("required, unique, filterable")
    private String serial;
    @Fx("required, enum:bolt|nut|washer, filterable")
    private String kind;
    @Fx("required, min:2")
    private Integer quantity;
    @Fx("required, filterable, onDelete:cascade")
    private String kitId;
    private String note;

    public String getSerial() { return serial; }
    public void setSerial(String serial) { this.serial = serial; }
    public String getKind() { return kind; }
    public void setKind(String kind) { this.kind = kind; }
    public Integer getQuantity() { return quantity; }
    public void setQuantity(Integer quantity) { this.quantity = quantity; }
    public String getKitId() { return kitId; }
    public void setKitId(String kitId) { this.kitId = kitId; }
    public String getNote() { return note; }
    public void setNote(String note) { this.note = note; }
}
