package io.fx.micronaut.testsuite.codec;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

import java.util.List;

/**
 * A model with a {@code sealed} field (a directive and codec contributed as beans), registered only by the
 * fenced registrar of {@code FieldCodecTest}, so no other test sees the directive.
 */
@Introspected
public class Vault extends BaseModel {

    @Fx("sealed, required, filterable, sortable")
    private String holder;
    @Fx("filterable, sortable")
    private String label;
    private List<VaultNote> notes;

    public String getHolder() { return holder; }
    public void setHolder(String holder) { this.holder = holder; }
    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
    public List<VaultNote> getNotes() { return notes; }
    public void setNotes(List<VaultNote> notes) { this.notes = notes; }
}
