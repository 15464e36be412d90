;; Adler-32 sixteen bytes at a time (WebAssembly SIMD), for the checksums before each entry of
;; ZooKeeper's transaction log: `sum(start, end)` of the bytes in this module's memory, which its
;; caller fills (lib/zk/adler32.ts holds this module's bytes, made from this text by wabt; a test
;; checks that they still are).
;;
;; For a block of sixteen bytes x0..x15, with a and b the sums before it:
;;   a' = a + x0 + ... + x15
;;   b' = b + 16a + 16x0 + 15x1 + ... + 1x15
;; Over k blocks, S the sums of the blocks before each one and D each block's weighted sum:
;;   b' = b + 16ka + 16(S summed over the blocks) + (D summed over the blocks)
;; kept in four lanes of 32 bits and added up after at most 256 blocks (each lane of the sums
;; of S stays under 2^25), in 64 bits, then reduced modulo 65521. The bytes after the last
;; whole block are summed one at a time.
(module
  (memory (export "memory") 1)
  (func (export "sum") (param $at i32) (param $end i32) (result i32)
    (local $a i64)
    (local $b i64)
    (local $stop i32)
    (local $blocks i64)
    (local $bytes v128)
    (local $sums v128)
    (local $before v128)
    (local $weighted v128)
    (local.set $a (i64.const 1))
    (block $whole
      (loop $chunk
        ;; At most 256 blocks, and only whole ones.
        (local.set $stop
          (i32.add (local.get $at)
            (i32.and
              (select (i32.const 4096) (i32.sub (local.get $end) (local.get $at))
                (i32.gt_u (i32.sub (local.get $end) (local.get $at)) (i32.const 4096)))
              (i32.const -16))))
        (br_if $whole (i32.eq (local.get $at) (local.get $stop)))
        (local.set $blocks (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $stop) (local.get $at)) (i32.const 4))))
        (local.set $sums (v128.const i32x4 0 0 0 0))
        (local.set $before (v128.const i32x4 0 0 0 0))
        (local.set $weighted (v128.const i32x4 0 0 0 0))
        (loop $block
          (local.set $bytes (v128.load (local.get $at)))
          (local.set $before (i32x4.add (local.get $before) (local.get $sums)))
          (local.set $sums
            (i32x4.add (local.get $sums)
              (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $bytes)))))
          (local.set $weighted
            (i32x4.add (local.get $weighted)
              (i32x4.add
                (i32x4.extadd_pairwise_i16x8_u
                  (i16x8.extmul_low_i8x16_u (local.get $bytes) (v128.const i8x16 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1)))
                (i32x4.extadd_pairwise_i16x8_u
                  (i16x8.extmul_high_i8x16_u (local.get $bytes) (v128.const i8x16 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1))))))
          (local.set $at (i32.add (local.get $at) (i32.const 16)))
          (br_if $block (i32.lt_u (local.get $at) (local.get $stop))))
        (local.set $b
          (i64.rem_u
            (i64.add
              (i64.add (local.get $b) (i64.mul (i64.mul (local.get $blocks) (i64.const 16)) (local.get $a)))
              (i64.add
                (i64.mul (call $lanes (local.get $before)) (i64.const 16))
                (call $lanes (local.get $weighted))))
            (i64.const 65521)))
        (local.set $a (i64.rem_u (i64.add (local.get $a) (call $lanes (local.get $sums))) (i64.const 65521)))
        (br $chunk)))
    ;; The last bytes, fewer than sixteen.
    (block $done
      (loop $byte
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $a (i64.add (local.get $a) (i64.load8_u (local.get $at))))
        (local.set $b (i64.add (local.get $b) (local.get $a)))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $byte)))
    (i32.wrap_i64
      (i64.or
        (i64.shl (i64.rem_u (local.get $b) (i64.const 65521)) (i64.const 16))
        (i64.rem_u (local.get $a) (i64.const 65521)))))
  ;; The four lanes added up.
  (func $lanes (param $lanes v128) (result i64)
    (i64.add
      (i64.add (i64.extend_i32_u (i32x4.extract_lane 0 (local.get $lanes))) (i64.extend_i32_u (i32x4.extract_lane 1 (local.get $lanes))))
      (i64.add (i64.extend_i32_u (i32x4.extract_lane 2 (local.get $lanes))) (i64.extend_i32_u (i32x4.extract_lane 3 (local.get $lanes)))))))
