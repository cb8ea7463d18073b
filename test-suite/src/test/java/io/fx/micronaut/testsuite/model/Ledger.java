package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

/** Write-rule test model with soft deletion (a {@code deleted_at} marker). */
@FxModel(softDelete = SoftDelete.TIMESTAMP)
public class Ledger extends BaseModel {

    @Fx("required")
    private String title;
    private Long balance;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public Long getBalance() { return balance; }
    public void setBalance(Long balance) { this.balance = balance; }
}
