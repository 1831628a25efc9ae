/**
 * The idle (wait) strategy of every backend: {@link hpjava.mpjdev.idle.BackoffIdleStrategy} (spin, yield, park, as
 * Agrona's) and the one oversubscription test, {@link hpjava.mpjdev.idle.Cores}. Each backend's configuration class
 * chooses the phase lengths; the wait loops of mt ({@code MtJob}, {@code MtCollectives}), ucx ({@code UcxDevice}),
 * mpi ({@code MpiDevice}) and {@link hpjava.mpjdev.Request#iwaitany}'s default all step through one.
 */
package hpjava.mpjdev.idle;
