package io.fx.micronaut.testsuite.codec;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** A child of {@link Vault} whose text is sealed too, read through includes. */
@Introspected
public class VaultNote extends BaseModel {

    @Fx("filterable, onDelete:cascade")
    private String vaultId;
    @Fx("sealed")
    private String text;

    public String getVaultId() { return vaultId; }
    public void setVaultId(String vaultId) { this.vaultId = vaultId; }
    public String getText() { return text; }
    public void setText(String text) { this.text = text; }
}
